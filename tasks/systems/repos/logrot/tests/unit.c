/* Unit test runner: each test gets its own scratch directory below the
 * directory named on the command line (make test uses build/test-tmp). */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"

int lr_check_failures;

static const char *scratch_root = ".";
static char test_dir[512];
static int passed;
static int failed;

void lr_run_test(const char *name, void (*test)(void))
{
    snprintf(test_dir, sizeof test_dir, "%s/%s", scratch_root, name);
    if (mkdir(test_dir, 0755) != 0) {
        fprintf(stderr, "%s: cannot create %s\n", name, test_dir);
        failed++;
        return;
    }
    lr_check_failures = 0;
    test();
    if (lr_check_failures == 0) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "FAIL: %s\n", name);
    }
}

void lr_test_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", test_dir, name);
}

void lr_write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");

    if (!fp) {
        perror(path);
        exit(2);
    }
    fputs(text, fp);
    fclose(fp);
}

int lr_read_file(const char *path, char *buf, size_t len)
{
    FILE *fp = fopen(path, "r");
    size_t n;

    if (!fp) {
        return -1;
    }
    n = fread(buf, 1, len - 1, fp);
    buf[n] = '\0';
    fclose(fp);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        scratch_root = argv[1];
    }
    suite_size();
    suite_config();
    suite_rotate();
    if (failed) {
        printf("unit: %d passed, %d failed\n", passed, failed);
        return 1;
    }
    printf("unit: %d passed\n", passed);
    return 0;
}
