#include <string.h>

#include "check.h"
#include "config.h"

static int load(struct lr_config *cfg, const char *text, char *err,
                size_t errlen)
{
    char path[512];

    lr_test_path(path, sizeof path, "logrot.conf");
    lr_write_file(path, text);
    lr_config_init(cfg);
    return lr_config_load(cfg, path, err, errlen);
}

static void test_defaults_without_a_file(void)
{
    struct lr_config cfg;

    lr_config_init(&cfg);
    CHECK(cfg.defaults.max_size == 10UL * 1024 * 1024);
    CHECK(cfg.defaults.keep == 5);
    CHECK(cfg.defaults.copytruncate == 0);
    CHECK(cfg.count == 0);
    lr_config_free(&cfg);
}

static void test_sections_inherit_defaults(void)
{
    struct lr_config cfg;
    const struct lr_policy *app;
    char err[256];

    CHECK(load(&cfg, "# global\nsize = 1M\nkeep = 3\n\n"
                     "[/var/log/app.log]\ncopytruncate = yes\n\n"
                     "[/var/log/db.log]\nkeep = 9\n",
               err, sizeof err) == 0);
    CHECK(cfg.count == 2);
    app = lr_config_policy(&cfg, "/var/log/app.log");
    CHECK(app->max_size == 1024UL * 1024);
    CHECK(app->keep == 3);
    CHECK(app->copytruncate == 1);
    CHECK(lr_config_policy(&cfg, "/var/log/db.log")->keep == 9);
    CHECK(lr_config_policy(&cfg, "/var/log/other.log") == &cfg.defaults);
    lr_config_free(&cfg);
}

static void test_errors_name_the_line(void)
{
    struct lr_config cfg;
    char err[256];

    CHECK(load(&cfg, "size = 1M\nsise = 2M\n", err, sizeof err) == -1);
    CHECK(strstr(err, "logrot.conf:2: unknown key 'sise'") != NULL);
    lr_config_free(&cfg);

    CHECK(load(&cfg, "keep = 0\n", err, sizeof err) == -1);
    CHECK(strstr(err, ":1: bad value '0' for keep") != NULL);
    lr_config_free(&cfg);

    CHECK(load(&cfg, "[/var/log/app.log\n", err, sizeof err) == -1);
    CHECK(strstr(err, ":1: malformed section header") != NULL);
    lr_config_free(&cfg);
}

static void test_missing_file(void)
{
    struct lr_config cfg;
    char err[256];

    lr_config_init(&cfg);
    CHECK(lr_config_load(&cfg, "/nonexistent/logrot.conf", err,
                         sizeof err) == -1);
    CHECK(strstr(err, "/nonexistent/logrot.conf: ") == err);
    lr_config_free(&cfg);
}

void suite_config(void)
{
    RUN(test_defaults_without_a_file);
    RUN(test_sections_inherit_defaults);
    RUN(test_errors_name_the_line);
    RUN(test_missing_file);
}
