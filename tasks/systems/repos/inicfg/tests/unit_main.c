#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"

static const char *current;
static int current_failed;
static char scratch[] = "/tmp/inicfg-test-XXXXXX";

void expect_true(int ok, const char *expr, const char *file, int line)
{
    if (!ok) {
        printf("FAIL %s: %s:%d: %s\n", current, file, line, expr);
        current_failed = 1;
    }
}

void expect_str(const char *got, const char *want, const char *expr,
                const char *file, int line)
{
    if (!got || strcmp(got, want) != 0) {
        printf("FAIL %s: %s:%d: %s is \"%s\", expected \"%s\"\n", current,
               file, line, expr, got ? got : "(null)", want);
        current_failed = 1;
    }
}

int parse_text(const char *text, struct ini_file *ini,
               struct ini_error *err)
{
    FILE *fp = fmemopen((void *)text, strlen(text), "r");
    int rc;

    memset(ini, 0, sizeof *ini);
    if (!fp) {
        return INI_EIO;
    }
    rc = ini_parse(fp, "test.ini", ini, err);
    fclose(fp);
    return rc;
}

const char *scratch_file(const char *name, const char *text)
{
    static char path[128];
    FILE *fp;

    snprintf(path, sizeof path, "%s/%s", scratch, name);
    fp = fopen(path, "w");
    if (fp) {
        fputs(text, fp);
        fclose(fp);
    }
    return path;
}

static void run_all(const struct unit_test *tests, int *passed, int *failed)
{
    for (; tests->name; tests++) {
        current = tests->name;
        current_failed = 0;
        tests->run();
        if (current_failed) {
            (*failed)++;
        } else {
            (*passed)++;
        }
    }
}

int main(void)
{
    int passed = 0;
    int failed = 0;
    char cmd[64];

    if (!mkdtemp(scratch)) {
        perror("mkdtemp");
        return 2;
    }
    run_all(parse_tests, &passed, &failed);
    run_all(set_tests, &passed, &failed);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    if (system(cmd) != 0) {
        fprintf(stderr, "could not remove %s\n", scratch);
    }
    if (failed > 0) {
        printf("unit: %d passed, %d failed\n", passed, failed);
        return 1;
    }
    printf("unit: %d passed\n", passed);
    return 0;
}
