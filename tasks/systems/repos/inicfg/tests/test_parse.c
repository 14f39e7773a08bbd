#include <string.h>

#include "unit.h"

static void test_sections_and_keys(void)
{
    struct ini_file ini;
    struct ini_error err;

    EXPECT(parse_text("name = demo\n"
                      "[server]\n"
                      "host = example.org\n"
                      "port=8080\n"
                      "[database]\n"
                      "  url =  postgres://db/app\n", &ini, &err) == INI_OK);
    EXPECT(ini.count == 4);
    EXPECT_STR(ini_get(&ini, "", "name"), "demo");
    EXPECT_STR(ini_get(&ini, "server", "host"), "example.org");
    EXPECT_STR(ini_get(&ini, "server", "port"), "8080");
    EXPECT_STR(ini_get(&ini, "database", "url"), "postgres://db/app");
    EXPECT(ini_get(&ini, "server", "url") == NULL);
    ini_free(&ini);
}

static void test_comments_and_blank_lines(void)
{
    struct ini_file ini;
    struct ini_error err;

    EXPECT(parse_text("; leading comment\n"
                      "\n"
                      "# another\n"
                      "[a]\n"
                      "   ; indented comment\n"
                      "k = v\n", &ini, &err) == INI_OK);
    EXPECT(ini.count == 1);
    EXPECT(ini.entries[0].line == 6);
    ini_free(&ini);
}

static void test_section_names_are_trimmed(void)
{
    struct ini_file ini;
    struct ini_error err;

    EXPECT(parse_text("[  spaced out  ]\nk = v\n", &ini, &err) == INI_OK);
    EXPECT_STR(ini_get(&ini, "spaced out", "k"), "v");
    ini_free(&ini);
}

static void test_empty_value(void)
{
    struct ini_file ini;
    struct ini_error err;

    EXPECT(parse_text("[a]\nk =\n", &ini, &err) == INI_OK);
    EXPECT_STR(ini_get(&ini, "a", "k"), "");
    ini_free(&ini);
}

static void test_last_value_wins(void)
{
    struct ini_file ini;
    struct ini_error err;

    EXPECT(parse_text("[a]\nk = 1\n[b]\nk = 2\n[a]\nk = 3\n", &ini, &err) ==
           INI_OK);
    EXPECT_STR(ini_get(&ini, "a", "k"), "3");
    EXPECT_STR(ini_get(&ini, "b", "k"), "2");
    EXPECT(!ini_is_current(&ini, 0));
    EXPECT(ini_is_current(&ini, 2));
    ini_free(&ini);
}

static void test_crlf_line_endings(void)
{
    struct ini_file ini;
    struct ini_error err;

    EXPECT(parse_text("[a]\r\nk = v\r\n", &ini, &err) == INI_OK);
    EXPECT_STR(ini_get(&ini, "a", "k"), "v");
    ini_free(&ini);
}

static void test_line_without_equals_is_an_error(void)
{
    struct ini_file ini;
    struct ini_error err;

    EXPECT(parse_text("[a]\nk = v\njust words\n", &ini, &err) ==
           INI_ESYNTAX);
    EXPECT_STR(err.file, "test.ini");
    EXPECT(err.line == 3);
    EXPECT_STR(err.message, "expected 'key = value' or '[section]'");
    ini_free(&ini);
}

static void test_missing_key_is_an_error(void)
{
    struct ini_file ini;
    struct ini_error err;

    EXPECT(parse_text("[a]\n = v\n", &ini, &err) == INI_ESYNTAX);
    EXPECT(err.line == 2);
    EXPECT_STR(err.message, "missing key before '='");
    ini_free(&ini);
}

static void test_load_missing_file(void)
{
    struct ini_file ini;
    struct ini_error err;

    EXPECT(ini_load("/nonexistent/app.ini", &ini, &err) == INI_EIO);
    EXPECT_STR(err.file, "/nonexistent/app.ini");
    EXPECT(err.line == 0);
    EXPECT_STR(err.message, "No such file or directory");
}

const struct unit_test parse_tests[] = {
    {"test_sections_and_keys", test_sections_and_keys},
    {"test_comments_and_blank_lines", test_comments_and_blank_lines},
    {"test_section_names_are_trimmed", test_section_names_are_trimmed},
    {"test_empty_value", test_empty_value},
    {"test_last_value_wins", test_last_value_wins},
    {"test_crlf_line_endings", test_crlf_line_endings},
    {"test_line_without_equals_is_an_error",
     test_line_without_equals_is_an_error},
    {"test_missing_key_is_an_error", test_missing_key_is_an_error},
    {"test_load_missing_file", test_load_missing_file},
    {NULL, NULL}
};
