/* A minimal test harness: CHECK stops the current test on failure. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

extern int check_failed;

void check_report(const char *file, int line, const char *expr);
void run_test(const char *name, void (*fn)(void));
const char *scratch_path(const char *name);

#define CHECK(expr)                                      \
    do {                                                 \
        if (!(expr)) {                                   \
            check_report(__FILE__, __LINE__, #expr);     \
            return;                                      \
        }                                                \
    } while (0)

#define RUN(fn) run_test(#fn, fn)

void suite_record(void);
void suite_index(void);
void suite_kvlite(void);

#endif
