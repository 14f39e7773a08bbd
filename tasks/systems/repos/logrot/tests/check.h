#ifndef CHECK_H
#define CHECK_H

#include <stddef.h>
#include <stdio.h>

/* Failed CHECKs of the test that is running. */
extern int lr_check_failures;

#define CHECK(cond)                                                       \
    do {                                                                  \
        if (!(cond)) {                                                    \
            lr_check_failures++;                                          \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__,        \
                    __LINE__, #cond);                                     \
        }                                                                 \
    } while (0)

#define RUN(test) lr_run_test(#test, test)

void lr_run_test(const char *name, void (*test)(void));

/* "<this test's scratch directory>/<name>", written into buf. */
void lr_test_path(char *buf, size_t len, const char *name);

/* Create (or replace) a file holding text; read one back into buf. */
void lr_write_file(const char *path, const char *text);
int lr_read_file(const char *path, char *buf, size_t len);

void suite_size(void);
void suite_config(void);
void suite_rotate(void);

#endif
