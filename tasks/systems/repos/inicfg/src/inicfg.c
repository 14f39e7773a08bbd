#include "inicfg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define LINE_BUF 256

static void set_error(struct ini_error *err, const char *name, int line,
                      const char *message)
{
    if (!err) {
        return;
    }
    snprintf(err->file, sizeof err->file, "%s", name);
    err->line = line;
    snprintf(err->message, sizeof err->message, "%s", message);
}

static char *skip_blanks(char *s)
{
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    return s;
}

static void trim_right(char *s)
{
    size_t n = strlen(s);

    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) {
        s[--n] = '\0';
    }
}

static int add_entry(struct ini_file *ini, const char *section,
                     const char *key, const char *value, int line)
{
    struct ini_entry *e;

    if (ini->count == ini->cap) {
        size_t cap = ini->cap ? ini->cap * 2 : 16;
        struct ini_entry *grown = realloc(ini->entries, cap * sizeof *grown);

        if (!grown) {
            return INI_ENOMEM;
        }
        ini->entries = grown;
        ini->cap = cap;
    }
    e = &ini->entries[ini->count];
    e->section = strdup(section);
    e->key = strdup(key);
    e->value = strdup(value);
    e->line = line;
    if (!e->section || !e->key || !e->value) {
        free(e->section);
        free(e->key);
        free(e->value);
        return INI_ENOMEM;
    }
    ini->count++;
    return INI_OK;
}

/* "[name]": the name between the brackets, surrounding blanks removed. */
static int parse_section(char *p, char **section)
{
    char *end = strchr(p, ']');
    char *name;

    *end = '\0';
    name = skip_blanks(p + 1);
    trim_right(name);
    free(*section);
    *section = strdup(name);
    return *section ? INI_OK : INI_ENOMEM;
}

static int parse_pair(struct ini_file *ini, const char *section, char *p,
                      int line, const char **why)
{
    char *eq = strchr(p, '=');

    if (!eq) {
        *why = "expected 'key = value' or '[section]'";
        return INI_ESYNTAX;
    }
    *eq = '\0';
    trim_right(p);
    if (*p == '\0') {
        *why = "missing key before '='";
        return INI_ESYNTAX;
    }
    return add_entry(ini, section, p, skip_blanks(eq + 1), line);
}

int ini_parse(FILE *fp, const char *name, struct ini_file *ini,
              struct ini_error *err)
{
    char buf[LINE_BUF];
    char *section = strdup("");
    const char *why = NULL;
    int lineno = 0;
    int rc = INI_OK;

    if (!section) {
        return INI_ENOMEM;
    }
    while (rc == INI_OK && fgets(buf, sizeof buf, fp)) {
        char *p;

        lineno++;
        buf[strcspn(buf, "\r\n")] = '\0';
        p = skip_blanks(buf);
        if (*p == '\0' || *p == ';' || *p == '#') {
            continue;
        }
        if (*p == '[') {
            rc = parse_section(p, &section);
        } else {
            rc = parse_pair(ini, section, p, lineno, &why);
        }
    }
    if (rc == INI_ESYNTAX) {
        set_error(err, name, lineno, why);
    } else if (rc == INI_OK && ferror(fp)) {
        set_error(err, name, 0, strerror(errno));
        rc = INI_EIO;
    }
    free(section);
    return rc;
}

int ini_load(const char *path, struct ini_file *ini, struct ini_error *err)
{
    FILE *fp;
    int rc;

    memset(ini, 0, sizeof *ini);
    fp = fopen(path, "r");
    if (!fp) {
        set_error(err, path, 0, strerror(errno));
        return INI_EIO;
    }
    rc = ini_parse(fp, path, ini, err);
    fclose(fp);
    if (rc != INI_OK) {
        ini_free(ini);
    }
    return rc;
}

void ini_free(struct ini_file *ini)
{
    size_t i;

    for (i = 0; i < ini->count; i++) {
        free(ini->entries[i].section);
        free(ini->entries[i].key);
        free(ini->entries[i].value);
    }
    free(ini->entries);
    memset(ini, 0, sizeof *ini);
}

static int same_key(const struct ini_entry *e, const char *section,
                    const char *key)
{
    return strcmp(e->section, section) == 0 && strcmp(e->key, key) == 0;
}

const char *ini_get(const struct ini_file *ini, const char *section,
                    const char *key)
{
    size_t i = ini->count;

    while (i > 0) {
        i--;
        if (same_key(&ini->entries[i], section, key)) {
            return ini->entries[i].value;
        }
    }
    return NULL;
}

int ini_is_current(const struct ini_file *ini, size_t i)
{
    const struct ini_entry *e = &ini->entries[i];
    size_t j;

    for (j = i + 1; j < ini->count; j++) {
        if (same_key(&ini->entries[j], e->section, e->key)) {
            return 0;
        }
    }
    return 1;
}

const char *ini_strerror(int status)
{
    switch (status) {
    case INI_OK:
        return "ok";
    case INI_NOTFOUND:
        return "not found";
    case INI_EIO:
        return "I/O error";
    case INI_ENOMEM:
        return "out of memory";
    case INI_ESYNTAX:
        return "syntax error";
    case INI_EINVAL:
        return "invalid argument";
    default:
        return "unknown error";
    }
}
