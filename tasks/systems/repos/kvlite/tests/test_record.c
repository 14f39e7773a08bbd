#include <string.h>

#include "check.h"
#include "kvlite.h"
#include "record.h"

static void test_header_roundtrip(void)
{
    struct rec_header in = {REC_PUT, 300, 70000};
    struct rec_header out;
    unsigned char buf[KV_REC_HEADER];

    rec_header_encode(buf, &in);
    CHECK(rec_header_decode(buf, &out) == KV_OK);
    CHECK(out.type == REC_PUT);
    CHECK(out.klen == 300);
    CHECK(out.vlen == 70000);
    CHECK(rec_size(&out) == KV_REC_HEADER + 300 + 70000);
}

static void test_header_is_little_endian(void)
{
    struct rec_header h = {REC_PUT, 0x0102, 0x03040506};
    unsigned char buf[KV_REC_HEADER];
    const unsigned char want[KV_REC_HEADER] = {1, 0, 2, 1, 6, 5, 4, 3};

    rec_header_encode(buf, &h);
    CHECK(memcmp(buf, want, sizeof want) == 0);
}

static void test_decode_rejects_unknown_type(void)
{
    unsigned char buf[KV_REC_HEADER] = {7, 0, 1, 0, 0, 0, 0, 0};
    struct rec_header h;

    CHECK(rec_header_decode(buf, &h) == KV_ECORRUPT);
}

static void test_decode_rejects_delete_with_value(void)
{
    unsigned char buf[KV_REC_HEADER] = {REC_DEL, 0, 1, 0, 4, 0, 0, 0};
    struct rec_header h;

    CHECK(rec_header_decode(buf, &h) == KV_ECORRUPT);
}

static void test_decode_rejects_empty_key(void)
{
    unsigned char buf[KV_REC_HEADER] = {REC_PUT, 0, 0, 0, 4, 0, 0, 0};
    struct rec_header h;

    CHECK(rec_header_decode(buf, &h) == KV_ECORRUPT);
}

static void test_file_header(void)
{
    unsigned char buf[KV_FILE_HEADER];

    file_header_encode(buf);
    CHECK(memcmp(buf, "KVLITE", 6) == 0);
    CHECK(file_header_check(buf) == KV_OK);
    buf[6] = KV_FORMAT_VERSION + 1;
    CHECK(file_header_check(buf) == KV_EBADFILE);
    memcpy(buf, "SQLite", 6);
    CHECK(file_header_check(buf) == KV_EBADFILE);
}

void suite_record(void)
{
    RUN(test_header_roundtrip);
    RUN(test_header_is_little_endian);
    RUN(test_decode_rejects_unknown_type);
    RUN(test_decode_rejects_delete_with_value);
    RUN(test_decode_rejects_empty_key);
    RUN(test_file_header);
}
