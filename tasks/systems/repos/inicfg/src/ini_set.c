/* ini_set_in_file: change one value in place, keeping everything else. */
#include "inicfg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct lines {
    char **items;   /* each with its newline, if it had one */
    size_t count;
};

static void free_lines(struct lines *l)
{
    size_t i;

    for (i = 0; i < l->count; i++) {
        free(l->items[i]);
    }
    free(l->items);
}

static int read_lines(const char *path, struct lines *l)
{
    FILE *fp = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    size_t room = 0;
    int rc = INI_OK;

    l->items = NULL;
    l->count = 0;
    if (!fp) {
        return INI_EIO;
    }
    while (getline(&line, &cap, fp) != -1) {
        if (l->count == room) {
            size_t more = room ? room * 2 : 64;
            char **grown = realloc(l->items, more * sizeof *grown);

            if (!grown) {
                rc = INI_ENOMEM;
                break;
            }
            l->items = grown;
            room = more;
        }
        l->items[l->count] = strdup(line);
        if (!l->items[l->count]) {
            rc = INI_ENOMEM;
            break;
        }
        l->count++;
    }
    if (rc == INI_OK && ferror(fp)) {
        rc = INI_EIO;
    }
    free(line);
    fclose(fp);
    return rc;
}

/* Inserts text as line number at (0-based), shifting the rest down. */
static int insert_line(struct lines *l, size_t at, const char *text)
{
    char **grown = realloc(l->items, (l->count + 1) * sizeof *grown);
    char *copy = strdup(text);

    if (grown) {
        l->items = grown;
    }
    if (!grown || !copy) {
        free(copy);
        return INI_ENOMEM;
    }
    memmove(&l->items[at + 1], &l->items[at],
            (l->count - at) * sizeof *l->items);
    l->items[at] = copy;
    l->count++;
    return INI_OK;
}

/* The 0-based index of the "[section]" header line, or -1. */
static long find_header(const struct lines *l, const char *section)
{
    size_t len = strlen(section);
    size_t i;

    for (i = 0; i < l->count; i++) {
        const char *p = l->items[i] + strspn(l->items[i], " \t");
        if (p[0] == '[' && strncmp(p + 1, section, len) == 0 &&
            p[1 + len] == ']') {
            return (long)i;
        }
    }
    return -1;
}

static char *format_pair(const char *key, const char *value)
{
    size_t n = strlen(key) + strlen(value) + 5;
    char *text = malloc(n);

    if (text) {
        snprintf(text, n, "%s = %s\n", key, value);
    }
    return text;
}

/* Where a new key of section goes: after its last entry, or its header. */
static long insert_point(const struct ini_file *ini, const struct lines *l,
                         const char *section)
{
    long at = -1;
    size_t i;

    for (i = 0; i < ini->count; i++) {
        if (strcmp(ini->entries[i].section, section) == 0) {
            at = ini->entries[i].line;
        }
    }
    if (at < 0 && section[0] != '\0') {
        long header = find_header(l, section);
        at = header < 0 ? -1 : header + 1;
    }
    return at;
}

static int apply(const struct ini_file *ini, struct lines *l,
                 const char *section, const char *key, const char *value)
{
    char *text = format_pair(key, value);
    long at = -1;
    size_t i;
    int rc = INI_OK;

    if (!text) {
        return INI_ENOMEM;
    }
    for (i = 0; i < ini->count; i++) {
        const struct ini_entry *e = &ini->entries[i];
        if (strcmp(e->section, section) == 0 && strcmp(e->key, key) == 0) {
            at = e->line - 1;
        }
    }
    if (at >= 0) {
        free(l->items[at]);
        l->items[at] = text;
        return INI_OK;
    }
    at = insert_point(ini, l, section);
    if (at >= 0) {
        rc = insert_line(l, (size_t)at, text);
    } else if (section[0] == '\0') {
        rc = insert_line(l, 0, text);
    } else {
        size_t n = strlen(section) + 4;
        char *header = malloc(n);

        rc = header ? INI_OK : INI_ENOMEM;
        if (rc == INI_OK && l->count > 0) {
            rc = insert_line(l, l->count, "\n");
        }
        if (rc == INI_OK) {
            snprintf(header, n, "[%s]\n", section);
            rc = insert_line(l, l->count, header);
            free(header);
        }
        if (rc == INI_OK) {
            rc = insert_line(l, l->count, text);
        }
    }
    free(text);
    return rc;
}

static int write_lines(const char *path, const struct lines *l)
{
    size_t n = strlen(path) + 5;
    char *tmp = malloc(n);
    FILE *fp;
    size_t i;
    int rc = INI_OK;

    if (!tmp) {
        return INI_ENOMEM;
    }
    snprintf(tmp, n, "%s.new", path);
    fp = fopen(tmp, "w");
    if (!fp) {
        free(tmp);
        return INI_EIO;
    }
    for (i = 0; i < l->count; i++) {
        const char *item = l->items[i];

        fputs(item, fp);
        if (i + 1 < l->count && item[strlen(item) - 1] != '\n') {
            fputc('\n', fp);
        }
    }
    if (fclose(fp) != 0 || rename(tmp, path) != 0) {
        remove(tmp);
        rc = INI_EIO;
    }
    free(tmp);
    return rc;
}

int ini_set_in_file(const char *path, const char *section, const char *key,
                    const char *value, struct ini_error *err)
{
    struct ini_file ini;
    struct lines l;
    int rc;

    if (!path || !section || !key || !value || key[0] == '\0' ||
        strpbrk(key, "=\n") || strchr(value, '\n')) {
        return INI_EINVAL;
    }
    rc = ini_load(path, &ini, err);
    if (rc != INI_OK) {
        return rc;
    }
    rc = read_lines(path, &l);
    if (rc == INI_OK) {
        rc = apply(&ini, &l, section, key, value);
    }
    if (rc == INI_OK) {
        rc = write_lines(path, &l);
    }
    if (rc == INI_EIO && err) {
        snprintf(err->file, sizeof err->file, "%s", path);
        err->line = 0;
        snprintf(err->message, sizeof err->message, "%s", strerror(errno));
    }
    free_lines(&l);
    ini_free(&ini);
    return rc;
}
