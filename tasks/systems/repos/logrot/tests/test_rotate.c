#define _POSIX_C_SOURCE 200809L

#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "rotate.h"
#include "util.h"

static const struct lr_run quiet = {0, 0, 0};

static struct lr_policy policy_of(unsigned long max_size, int keep)
{
    struct lr_policy policy;

    lr_policy_defaults(&policy);
    policy.max_size = max_size;
    policy.keep = keep;
    return policy;
}

/* Path of generation n of log (n = 0 is the log itself). */
static void generation(char *buf, size_t len, const char *log, int n)
{
    if (n == 0) {
        snprintf(buf, len, "%s", log);
    } else {
        lr_generation_path(buf, len, log, n);
    }
}

static int holds(const char *log, int n, const char *text)
{
    char path[512];
    char buf[256];

    generation(path, sizeof path, log, n);
    return lr_read_file(path, buf, sizeof buf) == 0 && strcmp(buf, text) == 0;
}

static void test_small_log_is_left_alone(void)
{
    struct lr_policy policy = policy_of(100, 5);
    char log[512];
    char first[512];

    lr_test_path(log, sizeof log, "app.log");
    lr_write_file(log, "short\n");
    CHECK(lr_rotate(log, &policy, &quiet) == 0);
    CHECK(holds(log, 0, "short\n"));
    lr_generation_path(first, sizeof first, log, 1);
    CHECK(!lr_exists(first));
}

static void test_missing_log_is_skipped(void)
{
    struct lr_policy policy = policy_of(0, 5);
    char log[512];

    lr_test_path(log, sizeof log, "absent.log");
    CHECK(lr_rotate(log, &policy, &quiet) == 0);
}

static void test_rotation_moves_log_to_first_generation(void)
{
    struct lr_policy policy = policy_of(4, 5);
    char log[512];

    lr_test_path(log, sizeof log, "app.log");
    lr_write_file(log, "current\n");
    CHECK(lr_rotate(log, &policy, &quiet) == 1);
    CHECK(holds(log, 1, "current\n"));
    CHECK(holds(log, 0, ""));
}

static void test_older_generations_move_up(void)
{
    struct lr_policy policy = policy_of(0, 5);
    char log[512];
    char path[512];

    lr_test_path(log, sizeof log, "app.log");
    lr_write_file(log, "now\n");
    generation(path, sizeof path, log, 1);
    lr_write_file(path, "yesterday\n");
    generation(path, sizeof path, log, 2);
    lr_write_file(path, "two days ago\n");
    CHECK(lr_rotate(log, &policy, &quiet) == 1);
    CHECK(holds(log, 1, "now\n"));
    CHECK(holds(log, 2, "yesterday\n"));
    CHECK(holds(log, 3, "two days ago\n"));
}

static void test_oldest_generation_is_dropped(void)
{
    struct lr_policy policy = policy_of(0, 2);
    char log[512];
    char path[512];

    lr_test_path(log, sizeof log, "app.log");
    lr_write_file(log, "now\n");
    generation(path, sizeof path, log, 1);
    lr_write_file(path, "yesterday\n");
    generation(path, sizeof path, log, 2);
    lr_write_file(path, "two days ago\n");
    CHECK(lr_rotate(log, &policy, &quiet) == 1);
    CHECK(holds(log, 1, "now\n"));
    CHECK(holds(log, 2, "yesterday\n"));
    generation(path, sizeof path, log, 3);
    CHECK(!lr_exists(path));
}

static void test_copytruncate_keeps_the_inode(void)
{
    struct lr_policy policy = policy_of(0, 5);
    struct stat before;
    struct stat after;
    char log[512];

    policy.copytruncate = 1;
    lr_test_path(log, sizeof log, "app.log");
    lr_write_file(log, "in place\n");
    CHECK(stat(log, &before) == 0);
    CHECK(lr_rotate(log, &policy, &quiet) == 1);
    CHECK(stat(log, &after) == 0);
    CHECK(before.st_ino == after.st_ino);
    CHECK(after.st_size == 0);
    CHECK(holds(log, 1, "in place\n"));
}

static void test_dry_run_changes_nothing(void)
{
    struct lr_policy policy = policy_of(0, 5);
    struct lr_run dry = {0, 1, 0};
    char log[512];
    char path[512];

    lr_test_path(log, sizeof log, "app.log");
    lr_write_file(log, "keep me\n");
    CHECK(lr_rotate(log, &policy, &dry) == 1);
    CHECK(holds(log, 0, "keep me\n"));
    generation(path, sizeof path, log, 1);
    CHECK(!lr_exists(path));
}

void suite_rotate(void)
{
    RUN(test_small_log_is_left_alone);
    RUN(test_missing_log_is_skipped);
    RUN(test_rotation_moves_log_to_first_generation);
    RUN(test_older_generations_move_up);
    RUN(test_oldest_generation_is_dropped);
    RUN(test_copytruncate_keeps_the_inode);
    RUN(test_dry_run_changes_nothing);
}
