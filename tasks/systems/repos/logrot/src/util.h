#ifndef UTIL_H
#define UTIL_H

#include <stddef.h>

#include "logrot.h"

/* Longest path logrot builds. PATH_MAX is not defined on every system. */
#define LR_PATH_MAX 256

/* Write "<log>.<generation>" into buf, which holds len bytes. */
void lr_generation_path(char *buf, size_t len, const char *log,
                        int generation);

/* 1 when something exists at path (any file type), else 0. */
int lr_exists(const char *path);

/* Print one action on stdout when the run is verbose or a dry run. */
void lr_note(const struct lr_run *run, const char *fmt, ...);

#endif
