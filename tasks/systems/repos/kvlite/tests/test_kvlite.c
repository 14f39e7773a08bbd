#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kvlite.h"

static int get_str(kv_db *db, const char *key, char *out, size_t cap)
{
    void *val;
    size_t vlen;
    int rc = kv_get(db, key, strlen(key), &val, &vlen);

    if (rc != KV_OK) {
        return rc;
    }
    if (vlen >= cap) {
        free(val);
        return KV_EINVAL;
    }
    memcpy(out, val, vlen);
    out[vlen] = '\0';
    free(val);
    return KV_OK;
}

static int put_str(kv_db *db, const char *key, const char *val)
{
    return kv_put(db, key, strlen(key), val, strlen(val));
}

static void test_put_get(void)
{
    const char *path = scratch_path("put_get.kv");
    char buf[32];
    kv_db *db;

    CHECK(kv_open(path, KV_CREATE, &db) == KV_OK);
    CHECK(put_str(db, "user:1", "alice") == KV_OK);
    CHECK(get_str(db, "user:1", buf, sizeof buf) == KV_OK);
    CHECK(strcmp(buf, "alice") == 0);
    CHECK(get_str(db, "user:2", buf, sizeof buf) == KV_NOTFOUND);
    CHECK(kv_close(db) == KV_OK);
}

static void test_values_survive_reopen(void)
{
    const char *path = scratch_path("reopen.kv");
    char buf[32];
    kv_db *db;

    CHECK(kv_open(path, KV_CREATE | KV_SYNC, &db) == KV_OK);
    CHECK(put_str(db, "a", "1") == KV_OK);
    CHECK(put_str(db, "b", "2") == KV_OK);
    CHECK(put_str(db, "a", "3") == KV_OK);
    CHECK(kv_del(db, "b", 1) == KV_OK);
    CHECK(kv_close(db) == KV_OK);

    CHECK(kv_open(path, 0, &db) == KV_OK);
    CHECK(get_str(db, "a", buf, sizeof buf) == KV_OK);
    CHECK(strcmp(buf, "3") == 0);
    CHECK(get_str(db, "b", buf, sizeof buf) == KV_NOTFOUND);
    CHECK(kv_close(db) == KV_OK);
}

static void test_empty_value(void)
{
    const char *path = scratch_path("empty.kv");
    void *val = NULL;
    size_t vlen = 1;
    kv_db *db;

    CHECK(kv_open(path, KV_CREATE, &db) == KV_OK);
    CHECK(kv_put(db, "flag", 4, NULL, 0) == KV_OK);
    CHECK(kv_get(db, "flag", 4, &val, &vlen) == KV_OK);
    CHECK(vlen == 0);
    free(val);
    CHECK(kv_close(db) == KV_OK);
}

static void test_delete_missing_key(void)
{
    const char *path = scratch_path("del.kv");
    kv_db *db;

    CHECK(kv_open(path, KV_CREATE, &db) == KV_OK);
    CHECK(kv_del(db, "nope", 4) == KV_NOTFOUND);
    CHECK(kv_close(db) == KV_OK);
}

static void test_invalid_arguments(void)
{
    const char *path = scratch_path("inval.kv");
    void *val;
    size_t vlen;
    kv_db *db;

    CHECK(kv_open(NULL, KV_CREATE, &db) == KV_EINVAL);
    CHECK(kv_open(path, KV_CREATE, &db) == KV_OK);
    CHECK(kv_put(db, "", 0, "x", 1) == KV_EINVAL);
    CHECK(kv_put(db, "k", 1, NULL, 3) == KV_EINVAL);
    CHECK(kv_get(db, "k", 1, NULL, &vlen) == KV_EINVAL);
    CHECK(kv_get(db, "k", 0, &val, &vlen) == KV_EINVAL);
    CHECK(kv_close(db) == KV_OK);
}

static void test_open_missing_file_without_create(void)
{
    const char *path = scratch_path("missing.kv");
    kv_db *db = NULL;

    CHECK(kv_open(path, 0, &db) == KV_EIO);
    CHECK(db == NULL);
}

static void test_open_rejects_foreign_file(void)
{
    const char *path = scratch_path("foreign.kv");
    FILE *f = fopen(path, "wb");
    kv_db *db = NULL;

    CHECK(f != NULL);
    fputs("SQLite format 3", f);
    fclose(f);
    CHECK(kv_open(path, 0, &db) == KV_EBADFILE);
    CHECK(db == NULL);
}

static void test_stats_count_dead_records(void)
{
    const char *path = scratch_path("stats.kv");
    struct kv_stats st;
    kv_db *db;

    CHECK(kv_open(path, KV_CREATE, &db) == KV_OK);
    CHECK(put_str(db, "k1", "aaaa") == KV_OK);
    CHECK(put_str(db, "k2", "bbbb") == KV_OK);
    CHECK(put_str(db, "k1", "cc") == KV_OK);
    CHECK(kv_del(db, "k2", 2) == KV_OK);
    CHECK(kv_stats(db, &st) == KV_OK);
    CHECK(st.live_keys == 1);
    CHECK(st.records == 4);
    /* header 8, records of 14, 14, 12 and a 10-byte tombstone */
    CHECK(st.file_bytes == 8 + 14 + 14 + 12 + 10);
    CHECK(st.live_bytes == 12);
    CHECK(kv_close(db) == KV_OK);
}

static void test_iter_yields_live_entries_in_file_order(void)
{
    const char *path = scratch_path("iter.kv");
    const void *key;
    const void *val;
    size_t klen;
    size_t vlen;
    char seen[64] = "";
    kv_iter it;
    kv_db *db;
    int rc;

    CHECK(kv_open(path, KV_CREATE, &db) == KV_OK);
    CHECK(put_str(db, "a", "1") == KV_OK);
    CHECK(put_str(db, "b", "2") == KV_OK);
    CHECK(put_str(db, "c", "3") == KV_OK);
    CHECK(put_str(db, "a", "4") == KV_OK);
    CHECK(kv_del(db, "b", 1) == KV_OK);
    CHECK(kv_iter_begin(db, &it) == KV_OK);
    while ((rc = kv_iter_next(&it, &key, &klen, &val, &vlen)) == KV_OK) {
        strncat(seen, key, klen);
        strncat(seen, "=", 2);
        strncat(seen, val, vlen);
        strncat(seen, ";", 2);
    }
    kv_iter_end(&it);
    CHECK(rc == KV_DONE);
    CHECK(strcmp(seen, "c=3;a=4;") == 0);
    CHECK(kv_close(db) == KV_OK);
}

static void test_delete_while_iterating(void)
{
    const char *path = scratch_path("iter_del.kv");
    const void *key;
    const void *val;
    size_t klen;
    size_t vlen;
    struct kv_stats st;
    char name[16];
    kv_iter it;
    kv_db *db;
    int i;

    CHECK(kv_open(path, KV_CREATE, &db) == KV_OK);
    for (i = 0; i < 50; i++) {
        snprintf(name, sizeof name, "tmp:%02d", i);
        CHECK(put_str(db, name, "x") == KV_OK);
    }
    CHECK(kv_iter_begin(db, &it) == KV_OK);
    while (kv_iter_next(&it, &key, &klen, &val, &vlen) == KV_OK) {
        CHECK(kv_del(db, key, klen) == KV_OK);
    }
    kv_iter_end(&it);
    CHECK(kv_stats(db, &st) == KV_OK);
    CHECK(st.live_keys == 0);
    CHECK(kv_close(db) == KV_OK);
}

void suite_kvlite(void)
{
    RUN(test_put_get);
    RUN(test_values_survive_reopen);
    RUN(test_empty_value);
    RUN(test_delete_missing_key);
    RUN(test_invalid_arguments);
    RUN(test_open_missing_file_without_create);
    RUN(test_open_rejects_foreign_file);
    RUN(test_stats_count_dead_records);
    RUN(test_iter_yields_live_entries_in_file_order);
    RUN(test_delete_while_iterating);
}
