#include <stdio.h>
#include <string.h>

#include "unit.h"

/* The whole content of path (up to 1 KiB) in a static buffer. */
static const char *slurp(const char *path)
{
    static char buf[1024];
    FILE *fp = fopen(path, "r");
    size_t n = 0;

    if (fp) {
        n = fread(buf, 1, sizeof buf - 1, fp);
        fclose(fp);
    }
    buf[n] = '\0';
    return buf;
}

static void test_set_replaces_value_and_keeps_comments(void)
{
    const char *path = scratch_file("replace.ini",
                                    "; app settings\n"
                                    "[server]\n"
                                    "port = 8080 \n"
                                    "host = a\n");

    EXPECT(ini_set_in_file(path, "server", "port", "9090", NULL) == INI_OK);
    EXPECT_STR(slurp(path), "; app settings\n"
                            "[server]\n"
                            "port = 9090\n"
                            "host = a\n");
}

static void test_set_adds_key_to_existing_section(void)
{
    const char *path = scratch_file("add_key.ini",
                                    "[server]\nhost = a\n\n[db]\nurl = x\n");

    EXPECT(ini_set_in_file(path, "server", "port", "1", NULL) == INI_OK);
    EXPECT_STR(slurp(path), "[server]\nhost = a\nport = 1\n\n[db]\nurl = x\n");
}

static void test_set_adds_key_to_empty_section(void)
{
    const char *path = scratch_file("empty_section.ini", "[server]\n[db]\n");

    EXPECT(ini_set_in_file(path, "server", "port", "1", NULL) == INI_OK);
    EXPECT_STR(slurp(path), "[server]\nport = 1\n[db]\n");
}

static void test_set_appends_new_section(void)
{
    const char *path = scratch_file("new_section.ini", "[server]\nhost = a");

    EXPECT(ini_set_in_file(path, "db", "url", "x", NULL) == INI_OK);
    EXPECT_STR(slurp(path), "[server]\nhost = a\n\n[db]\nurl = x\n");
}

static void test_set_global_key_goes_first(void)
{
    const char *path = scratch_file("global.ini", "[server]\nhost = a\n");

    EXPECT(ini_set_in_file(path, "", "name", "demo", NULL) == INI_OK);
    EXPECT_STR(slurp(path), "name = demo\n[server]\nhost = a\n");
}

static void test_set_rejects_bad_keys(void)
{
    const char *path = scratch_file("bad.ini", "[a]\n");

    EXPECT(ini_set_in_file(path, "a", "", "v", NULL) == INI_EINVAL);
    EXPECT(ini_set_in_file(path, "a", "k=1", "v", NULL) == INI_EINVAL);
    EXPECT(ini_set_in_file(path, "a", "k", "two\nlines", NULL) ==
           INI_EINVAL);
    EXPECT_STR(slurp(path), "[a]\n");
}

const struct unit_test set_tests[] = {
    {"test_set_replaces_value_and_keeps_comments",
     test_set_replaces_value_and_keeps_comments},
    {"test_set_adds_key_to_existing_section",
     test_set_adds_key_to_existing_section},
    {"test_set_adds_key_to_empty_section",
     test_set_adds_key_to_empty_section},
    {"test_set_appends_new_section", test_set_appends_new_section},
    {"test_set_global_key_goes_first", test_set_global_key_goes_first},
    {"test_set_rejects_bad_keys", test_set_rejects_bad_keys},
    {NULL, NULL}
};
