/*
 * inicfg - read and edit INI configuration files.
 *
 * A file is a list of `key = value` lines grouped under `[section]`
 * headers. Lines starting with `;` or `#` are comments. Keys that appear
 * before the first header belong to the section "".
 */
#ifndef INICFG_H
#define INICFG_H

#include <stdio.h>

enum ini_status {
    INI_OK = 0,
    INI_NOTFOUND = 1,    /* ini_get / ini_set_in_file: no such key */
    INI_EIO = -1,        /* the file could not be read or written */
    INI_ENOMEM = -2,
    INI_ESYNTAX = -3,    /* see struct ini_error for where */
    INI_EINVAL = -4
};

struct ini_entry {
    char *section;
    char *key;
    char *value;
    int line;            /* line of the file the entry comes from */
};

struct ini_file {
    struct ini_entry *entries;   /* in file order */
    size_t count;
    size_t cap;
};

/* Where and why loading failed. */
struct ini_error {
    char file[256];
    int line;            /* 0 when the error is not about one line */
    char message[128];
};

int ini_load(const char *path, struct ini_file *ini, struct ini_error *err);
int ini_parse(FILE *fp, const char *name, struct ini_file *ini,
              struct ini_error *err);
void ini_free(struct ini_file *ini);

/* The value of section.key, or NULL. A key set twice keeps its last value. */
const char *ini_get(const struct ini_file *ini, const char *section,
                    const char *key);
/* Whether entry i is the one ini_get returns for its section and key. */
int ini_is_current(const struct ini_file *ini, size_t i);

/* Rewrites the file with section.key set to value, keeping comments and
 * layout; a missing key or section is appended. */
int ini_set_in_file(const char *path, const char *section, const char *key,
                    const char *value, struct ini_error *err);

const char *ini_strerror(int status);

#endif
