#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

int check_failed;

static int passed;
static int failed;
static const char *current;
static char scratch_dir[] = "/tmp/kvlite-test-XXXXXX";

void check_report(const char *file, int line, const char *expr)
{
    printf("FAIL %s: %s:%d: %s\n", current, file, line, expr);
    check_failed = 1;
}

void run_test(const char *name, void (*fn)(void))
{
    current = name;
    check_failed = 0;
    fn();
    if (check_failed) {
        failed++;
    } else {
        passed++;
    }
}

/* A path inside this run's scratch directory; any old file there is removed. */
const char *scratch_path(const char *name)
{
    static char path[256];

    snprintf(path, sizeof path, "%s/%s", scratch_dir, name);
    unlink(path);
    return path;
}

int main(void)
{
    char cmd[64];

    if (!mkdtemp(scratch_dir)) {
        perror("mkdtemp");
        return 2;
    }
    suite_record();
    suite_index();
    suite_kvlite();
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch_dir);
    if (system(cmd) != 0) {
        fprintf(stderr, "could not remove %s\n", scratch_dir);
    }
    if (failed > 0) {
        printf("unit: %d passed, %d failed\n", passed, failed);
        return 1;
    }
    printf("unit: %d passed\n", passed);
    return 0;
}
