/* inicfg: read and edit INI files from the shell. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inicfg.h"

enum exit_code {
    EXIT_OK = 0,
    EXIT_NOTFOUND = 1,
    EXIT_USAGE = 2,
    EXIT_ERROR = 3
};

static const char usage[] =
    "usage: inicfg get FILE [SECTION.]KEY\n"
    "       inicfg set FILE [SECTION.]KEY VALUE\n"
    "       inicfg list FILE\n"
    "\n"
    "KEY alone names a key before the first section. SECTION may contain\n"
    "dots; the key is what follows the last one.\n";

static int report(const struct ini_error *err, int rc)
{
    if (rc == INI_ESYNTAX || err->line > 0) {
        fprintf(stderr, "inicfg: %s:%d: %s\n", err->file, err->line,
                err->message);
    } else if (err->file[0] != '\0') {
        fprintf(stderr, "inicfg: %s: %s\n", err->file, err->message);
    } else {
        fprintf(stderr, "inicfg: %s\n", ini_strerror(rc));
    }
    return EXIT_ERROR;
}

/* Splits "a.b.key" into section "a.b" and key "key" (in place). */
static void split_name(char *name, const char **section, const char **key)
{
    char *dot = strrchr(name, '.');

    if (dot) {
        *dot = '\0';
        *section = name;
        *key = dot + 1;
    } else {
        *section = "";
        *key = name;
    }
}

static int cmd_get(const char *file, char *name)
{
    struct ini_error err = {"", 0, ""};
    struct ini_file ini;
    const char *section;
    const char *key;
    const char *value;
    int rc = ini_load(file, &ini, &err);

    if (rc != INI_OK) {
        return report(&err, rc);
    }
    split_name(name, &section, &key);
    value = ini_get(&ini, section, key);
    if (value) {
        puts(value);
    }
    ini_free(&ini);
    return value ? EXIT_OK : EXIT_NOTFOUND;
}

static int cmd_set(const char *file, char *name, const char *value)
{
    struct ini_error err = {"", 0, ""};
    const char *section;
    const char *key;
    int rc;

    split_name(name, &section, &key);
    rc = ini_set_in_file(file, section, key, value, &err);
    if (rc == INI_EINVAL) {
        fprintf(stderr, "inicfg: invalid key or value\n");
        return EXIT_USAGE;
    }
    return rc == INI_OK ? EXIT_OK : report(&err, rc);
}

static int cmd_list(const char *file)
{
    struct ini_error err = {"", 0, ""};
    struct ini_file ini;
    size_t i;
    int rc = ini_load(file, &ini, &err);

    if (rc != INI_OK) {
        return report(&err, rc);
    }
    for (i = 0; i < ini.count; i++) {
        const struct ini_entry *e = &ini.entries[i];

        if (!ini_is_current(&ini, i)) {
            continue;
        }
        if (e->section[0] != '\0') {
            printf("%s.", e->section);
        }
        printf("%s=%s\n", e->key, e->value);
    }
    ini_free(&ini);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "get") == 0) {
        return cmd_get(argv[2], argv[3]);
    }
    if (argc == 5 && strcmp(argv[1], "set") == 0) {
        return cmd_set(argv[2], argv[3], argv[4]);
    }
    if (argc == 3 && strcmp(argv[1], "list") == 0) {
        return cmd_list(argv[2]);
    }
    fputs(usage, stderr);
    return EXIT_USAGE;
}
