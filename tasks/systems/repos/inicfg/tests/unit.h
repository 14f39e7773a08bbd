/* Unit test harness: EXPECT records a failure and lets the test go on. */
#ifndef UNIT_H
#define UNIT_H

#include "inicfg.h"

struct unit_test {
    const char *name;
    void (*run)(void);
};

void expect_true(int ok, const char *expr, const char *file, int line);
void expect_str(const char *got, const char *want, const char *expr,
                const char *file, int line);

/* Parses text as if it were the file "test.ini". */
int parse_text(const char *text, struct ini_file *ini,
               struct ini_error *err);
/* Writes text to a fresh file in the scratch directory; returns its path. */
const char *scratch_file(const char *name, const char *text);

#define EXPECT(cond) expect_true((cond) != 0, #cond, __FILE__, __LINE__)
#define EXPECT_STR(got, want) \
    expect_str((got), (want), #got, __FILE__, __LINE__)

extern const struct unit_test parse_tests[];
extern const struct unit_test set_tests[];

#endif
