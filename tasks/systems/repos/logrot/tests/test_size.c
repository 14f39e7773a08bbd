#include "check.h"
#include "size.h"

static void test_plain_bytes(void)
{
    unsigned long bytes = 0;

    CHECK(lr_parse_size("512", &bytes) == 0);
    CHECK(bytes == 512);
    CHECK(lr_parse_size("0", &bytes) == 0);
    CHECK(bytes == 0);
}

static void test_binary_suffixes(void)
{
    unsigned long bytes = 0;

    CHECK(lr_parse_size("64k", &bytes) == 0);
    CHECK(bytes == 64UL * 1024);
    CHECK(lr_parse_size("10M", &bytes) == 0);
    CHECK(bytes == 10UL * 1024 * 1024);
    CHECK(lr_parse_size("1g", &bytes) == 0);
    CHECK(bytes == 1024UL * 1024 * 1024);
}

static void test_rejects_garbage(void)
{
    unsigned long bytes = 7;

    CHECK(lr_parse_size("", &bytes) == -1);
    CHECK(lr_parse_size("M", &bytes) == -1);
    CHECK(lr_parse_size("-1", &bytes) == -1);
    CHECK(lr_parse_size("10MB", &bytes) == -1);
    CHECK(lr_parse_size("10T", &bytes) == -1);
    CHECK(bytes == 7);
}

void suite_size(void)
{
    RUN(test_plain_bytes);
    RUN(test_binary_suffixes);
    RUN(test_rejects_garbage);
}
