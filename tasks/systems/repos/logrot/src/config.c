#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "size.h"

#define DEFAULT_MAX_SIZE (10UL * 1024 * 1024)
#define DEFAULT_KEEP 5
#define MAX_KEEP 999
#define MAX_LINE 512

void lr_policy_defaults(struct lr_policy *policy)
{
    policy->max_size = DEFAULT_MAX_SIZE;
    policy->keep = DEFAULT_KEEP;
    policy->copytruncate = 0;
}

void lr_config_init(struct lr_config *cfg)
{
    lr_policy_defaults(&cfg->defaults);
    cfg->entries = NULL;
    cfg->count = 0;
    cfg->cap = 0;
}

static char *trim(char *text)
{
    char *end;

    while (isspace((unsigned char)*text)) {
        text++;
    }
    end = text + strlen(text);
    while (end > text && isspace((unsigned char)end[-1])) {
        end--;
    }
    *end = '\0';
    return text;
}

static int parse_bool(const char *value, int *out)
{
    if (strcmp(value, "yes") == 0 || strcmp(value, "true") == 0) {
        *out = 1;
    } else if (strcmp(value, "no") == 0 || strcmp(value, "false") == 0) {
        *out = 0;
    } else {
        return -1;
    }
    return 0;
}

static int parse_keep(const char *value, int *out)
{
    char *end;
    long keep;

    errno = 0;
    keep = strtol(value, &end, 10);
    if (errno != 0 || end == value || *end != '\0' || keep < 1
        || keep > MAX_KEEP) {
        return -1;
    }
    *out = (int)keep;
    return 0;
}

/* Apply one "key = value" line to policy; -1 with a message in err. */
static int set_key(struct lr_policy *policy, const char *key,
                   const char *value, char *err, size_t errlen)
{
    int ok;

    if (strcmp(key, "size") == 0) {
        ok = lr_parse_size(value, &policy->max_size) == 0;
    } else if (strcmp(key, "keep") == 0) {
        ok = parse_keep(value, &policy->keep) == 0;
    } else if (strcmp(key, "copytruncate") == 0) {
        ok = parse_bool(value, &policy->copytruncate) == 0;
    } else {
        snprintf(err, errlen, "unknown key '%s'", key);
        return -1;
    }
    if (!ok) {
        snprintf(err, errlen, "bad value '%s' for %s", value, key);
        return -1;
    }
    return 0;
}

/* Append a section for path; it starts from the defaults read so far. */
static struct lr_entry *add_entry(struct lr_config *cfg, const char *path)
{
    struct lr_entry *entry;

    if (cfg->count == cfg->cap) {
        size_t cap = cfg->cap ? cfg->cap * 2 : 8;
        struct lr_entry *grown = realloc(cfg->entries, cap * sizeof *grown);

        if (!grown) {
            return NULL;
        }
        cfg->entries = grown;
        cfg->cap = cap;
    }
    entry = &cfg->entries[cfg->count];
    entry->path = strdup(path);
    if (!entry->path) {
        return NULL;
    }
    entry->policy = cfg->defaults;
    cfg->count++;
    return entry;
}

/* Handle one line of the file; *target is the policy keys apply to. */
static int parse_line(struct lr_config *cfg, char *line,
                      struct lr_policy **target, char *err, size_t errlen)
{
    char *text = trim(line);
    char *eq;

    if (*text == '\0' || *text == '#') {
        return 0;
    }
    if (*text == '[') {
        char *bracket = strchr(text, ']');
        struct lr_entry *entry;

        if (!bracket || bracket[1] != '\0' || bracket == text + 1) {
            snprintf(err, errlen, "malformed section header");
            return -1;
        }
        *bracket = '\0';
        entry = add_entry(cfg, text + 1);
        if (!entry) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        *target = &entry->policy;
        return 0;
    }
    eq = strchr(text, '=');
    if (!eq) {
        snprintf(err, errlen, "expected 'key = value'");
        return -1;
    }
    *eq = '\0';
    return set_key(*target, trim(text), trim(eq + 1), err, errlen);
}

int lr_config_load(struct lr_config *cfg, const char *path, char *err,
                   size_t errlen)
{
    char line[MAX_LINE];
    char why[MAX_LINE];
    struct lr_policy *target = &cfg->defaults;
    int lineno = 0;
    FILE *fp;

    fp = fopen(path, "r");
    if (!fp) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(fp)) {
            snprintf(err, errlen, "%s:%d: line too long", path, lineno);
            fclose(fp);
            return -1;
        }
        if (parse_line(cfg, line, &target, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            fclose(fp);
            return -1;
        }
    }
    fclose(fp);
    return 0;
}

const struct lr_policy *lr_config_policy(const struct lr_config *cfg,
                                         const char *log)
{
    size_t i;

    for (i = cfg->count; i > 0; i--) {
        if (strcmp(cfg->entries[i - 1].path, log) == 0) {
            return &cfg->entries[i - 1].policy;
        }
    }
    return &cfg->defaults;
}

void lr_config_free(struct lr_config *cfg)
{
    size_t i;

    for (i = 0; i < cfg->count; i++) {
        free(cfg->entries[i].path);
    }
    free(cfg->entries);
    cfg->entries = NULL;
    cfg->count = 0;
    cfg->cap = 0;
}
