#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "logrot.h"
#include "rotate.h"
#include "size.h"

/* Policy fields given on the command line; they win over the config. */
struct overrides {
    int has_size;
    unsigned long max_size;
    int has_keep;
    int keep;
    int copytruncate;
};

static void usage(FILE *out)
{
    fputs("usage: logrot [options] [FILE...]\n"
          "Rotate each log FILE once it reaches its size limit.\n"
          "\n"
          "  -c, --config FILE   read policies from FILE\n"
          "  -s, --size SIZE     rotate at SIZE bytes (k, M, G suffixes)\n"
          "  -n, --keep N        keep N generations (default 5)\n"
          "  -t, --copytruncate  copy and truncate instead of renaming\n"
          "  -f, --force         rotate even below the size limit\n"
          "  -d, --dry-run       print what would be done, change nothing\n"
          "  -v, --verbose       print each action\n"
          "  -h, --help          show this help\n"
          "  -V, --version       show the version\n"
          "\n"
          "Without FILE, every log with a section in the config is rotated.\n",
          out);
}

static int parse_count(const char *text, int *out)
{
    char *end;
    long value = strtol(text, &end, 10);

    if (end == text || *end != '\0' || value < 1 || value > 999) {
        return -1;
    }
    *out = (int)value;
    return 0;
}

static int rotate_one(const char *log, const struct lr_config *cfg,
                      const struct overrides *ov, const struct lr_run *run)
{
    struct lr_policy policy = *lr_config_policy(cfg, log);

    if (ov->has_size) {
        policy.max_size = ov->max_size;
    }
    if (ov->has_keep) {
        policy.keep = ov->keep;
    }
    if (ov->copytruncate) {
        policy.copytruncate = 1;
    }
    return lr_rotate(log, &policy, run) < 0 ? 1 : 0;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"config", required_argument, NULL, 'c'},
        {"size", required_argument, NULL, 's'},
        {"keep", required_argument, NULL, 'n'},
        {"copytruncate", no_argument, NULL, 't'},
        {"force", no_argument, NULL, 'f'},
        {"dry-run", no_argument, NULL, 'd'},
        {"verbose", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    struct overrides ov = {0, 0, 0, 0, 0};
    struct lr_run run = {0, 0, 0};
    struct lr_config cfg;
    const char *config_path = NULL;
    char err[1024];
    int status = 0;
    int opt;
    int i;

    while ((opt = getopt_long(argc, argv, "c:s:n:tfdvhV", longopts, NULL))
           != -1) {
        switch (opt) {
        case 'c':
            config_path = optarg;
            break;
        case 's':
            if (lr_parse_size(optarg, &ov.max_size) != 0) {
                fprintf(stderr, "logrot: bad size '%s'\n", optarg);
                return 2;
            }
            ov.has_size = 1;
            break;
        case 'n':
            if (parse_count(optarg, &ov.keep) != 0) {
                fprintf(stderr, "logrot: bad count '%s'\n", optarg);
                return 2;
            }
            ov.has_keep = 1;
            break;
        case 't':
            ov.copytruncate = 1;
            break;
        case 'f':
            run.force = 1;
            break;
        case 'd':
            run.dry_run = 1;
            break;
        case 'v':
            run.verbose = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        case 'V':
            puts("logrot " LOGROT_VERSION);
            return 0;
        default:
            usage(stderr);
            return 2;
        }
    }

    lr_config_init(&cfg);
    if (config_path && lr_config_load(&cfg, config_path, err, sizeof err)) {
        fprintf(stderr, "logrot: %s\n", err);
        lr_config_free(&cfg);
        return 2;
    }
    if (optind == argc && cfg.count == 0) {
        fputs("logrot: no log files given\n", stderr);
        usage(stderr);
        lr_config_free(&cfg);
        return 2;
    }
    if (optind == argc) {
        for (i = 0; i < (int)cfg.count; i++) {
            status |= rotate_one(cfg.entries[i].path, &cfg, &ov, &run);
        }
    }
    for (i = optind; i < argc; i++) {
        status |= rotate_one(argv[i], &cfg, &ov, &run);
    }
    lr_config_free(&cfg);
    return status;
}
