#ifndef CONFIG_H
#define CONFIG_H

#include <stddef.h>

#include "logrot.h"

/* A [section] of the config file: the policy of one log. */
struct lr_entry {
    char *path;
    struct lr_policy policy;
};

struct lr_config {
    struct lr_policy defaults;
    struct lr_entry *entries;
    size_t count;
    size_t cap;
};

void lr_config_init(struct lr_config *cfg);

/* Read a config file into cfg. On error returns -1 and writes a message
 * ("file:line: what") into err. */
int lr_config_load(struct lr_config *cfg, const char *path, char *err,
                   size_t errlen);

/* The policy of log: its section if it has one, else the defaults. */
const struct lr_policy *lr_config_policy(const struct lr_config *cfg,
                                         const char *log);

void lr_config_free(struct lr_config *cfg);

#endif
