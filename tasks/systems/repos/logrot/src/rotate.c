#define _POSIX_C_SOURCE 200809L

#include "rotate.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static int fail(const char *what, const char *path)
{
    fprintf(stderr, "logrot: %s %s: %s\n", what, path, strerror(errno));
    return -1;
}

/* How many of the generations .1 to .keep of log exist. */
static int count_generations(const char *log, int keep)
{
    char path[LR_PATH_MAX];
    int found = 0;
    int i;

    for (i = 1; i <= keep; i++) {
        lr_generation_path(path, sizeof path, log, i);
        if (lr_exists(path)) {
            found++;
        }
    }
    return found;
}

/* Make room for a new .1: drop the oldest generation, move the rest up. */
static int shift_generations(const char *log, const struct lr_policy *policy,
                             const struct lr_run *run)
{
    char from[LR_PATH_MAX];
    char to[LR_PATH_MAX];
    int count = count_generations(log, policy->keep);
    int i;

    if (count == policy->keep) {
        lr_generation_path(from, sizeof from, log, policy->keep);
        lr_note(run, "remove %s", from);
        if (!run->dry_run && unlink(from) != 0) {
            return fail("cannot remove", from);
        }
        count--;
    }
    for (i = count; i >= 1; i--) {
        lr_generation_path(from, sizeof from, log, i);
        lr_generation_path(to, sizeof to, log, i + 1);
        if (!lr_exists(from)) {
            continue;
        }
        lr_note(run, "rename %s -> %s", from, to);
        if (!run->dry_run && rename(from, to) != 0) {
            return fail("cannot rename", from);
        }
    }
    return 0;
}

/* Move the log to .1 and create an empty log with the same mode. */
static int rotate_by_rename(const char *log, const struct stat *st,
                            const struct lr_run *run)
{
    char first[LR_PATH_MAX];
    int fd;

    lr_generation_path(first, sizeof first, log, 1);
    lr_note(run, "rename %s -> %s", log, first);
    lr_note(run, "create %s", log);
    if (run->dry_run) {
        return 0;
    }
    if (rename(log, first) != 0) {
        return fail("cannot rename", log);
    }
    fd = open(log, O_WRONLY | O_CREAT | O_EXCL, st->st_mode & 07777);
    if (fd < 0) {
        return fail("cannot create", log);
    }
    close(fd);
    return 0;
}

static int copy_file(const char *from, const char *to, const struct stat *st)
{
    off_t left = st->st_size;
    int in;
    int out;

    in = open(from, O_RDONLY);
    if (in < 0) {
        return fail("cannot open", from);
    }
    out = open(to, O_WRONLY | O_CREAT | O_TRUNC, st->st_mode & 07777);
    if (out < 0) {
        close(in);
        return fail("cannot create", to);
    }
    while (left > 0) {
        ssize_t sent = sendfile(out, in, NULL, (size_t)left);
        if (sent <= 0) {
            close(in);
            close(out);
            return fail("cannot copy", from);
        }
        left -= sent;
    }
    close(in);
    if (close(out) != 0) {
        return fail("cannot write", to);
    }
    return 0;
}

/* Copy the log to .1, then empty it in place: the writer keeps its file. */
static int rotate_by_copy(const char *log, const struct stat *st,
                          const struct lr_run *run)
{
    char first[LR_PATH_MAX];

    lr_generation_path(first, sizeof first, log, 1);
    lr_note(run, "copy %s -> %s", log, first);
    lr_note(run, "truncate %s", log);
    if (run->dry_run) {
        return 0;
    }
    if (copy_file(log, first, st) != 0) {
        return -1;
    }
    if (truncate(log, 0) != 0) {
        return fail("cannot truncate", log);
    }
    return 0;
}

int lr_rotate(const char *log, const struct lr_policy *policy,
              const struct lr_run *run)
{
    struct stat st;

    if (stat(log, &st) != 0) {
        if (errno == ENOENT) {
            lr_note(run, "skip %s: no such file", log);
            return 0;
        }
        return fail("cannot stat", log);
    }
    if (!run->force && (unsigned long)st.st_size < policy->max_size) {
        lr_note(run, "skip %s: %lld bytes, rotates at %lu", log,
                (long long)st.st_size, policy->max_size);
        return 0;
    }
    if (shift_generations(log, policy, run) != 0) {
        return -1;
    }
    if (policy->copytruncate) {
        if (rotate_by_copy(log, &st, run) != 0) {
            return -1;
        }
    } else if (rotate_by_rename(log, &st, run) != 0) {
        return -1;
    }
    return 1;
}
