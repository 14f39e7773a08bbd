#define _POSIX_C_SOURCE 200809L

#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>

void lr_generation_path(char *buf, size_t len, const char *log,
                        int generation)
{
    snprintf(buf, len, "%s.%d", log, generation);
}

int lr_exists(const char *path)
{
    struct stat st;

    return lstat(path, &st) == 0;
}

void lr_note(const struct lr_run *run, const char *fmt, ...)
{
    va_list ap;

    if (!run->verbose && !run->dry_run) {
        return;
    }
    if (run->dry_run) {
        fputs("dry-run: ", stdout);
    }
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}
