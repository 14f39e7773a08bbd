#include <stdio.h>
#include <string.h>

#include "check.h"
#include "index.h"
#include "kvlite.h"

static void test_set_and_find(void)
{
    struct index ix;
    struct index_entry *e;
    uint64_t old = 99;

    CHECK(index_init(&ix) == KV_OK);
    CHECK(index_set(&ix, "alpha", 5, 8, 20, 7, &old) == KV_OK);
    CHECK(old == 0);
    e = index_find(&ix, "alpha", 5);
    CHECK(e != NULL);
    CHECK(e->off == 8 && e->size == 20 && e->vlen == 7);
    CHECK(index_find(&ix, "alph", 4) == NULL);
    index_free(&ix);
}

static void test_set_replaces_and_reports_old_size(void)
{
    struct index ix;
    uint64_t old = 0;

    CHECK(index_init(&ix) == KV_OK);
    CHECK(index_set(&ix, "k", 1, 8, 20, 11, &old) == KV_OK);
    CHECK(index_set(&ix, "k", 1, 28, 30, 21, &old) == KV_OK);
    CHECK(old == 20);
    CHECK(ix.count == 1);
    CHECK(index_find(&ix, "k", 1)->off == 28);
    index_free(&ix);
}

static void test_remove(void)
{
    struct index ix;
    uint64_t old = 0;

    CHECK(index_init(&ix) == KV_OK);
    CHECK(index_set(&ix, "a", 1, 8, 10, 1, &old) == KV_OK);
    CHECK(index_remove(&ix, "a", 1, &old) == KV_OK);
    CHECK(old == 10);
    CHECK(ix.count == 0);
    CHECK(index_find(&ix, "a", 1) == NULL);
    CHECK(index_remove(&ix, "a", 1, &old) == KV_NOTFOUND);
    index_free(&ix);
}

static void test_grows_past_initial_slots(void)
{
    struct index ix;
    char key[16];
    uint64_t old;
    int i;

    CHECK(index_init(&ix) == KV_OK);
    for (i = 0; i < 1000; i++) {
        snprintf(key, sizeof key, "key%d", i);
        CHECK(index_set(&ix, key, strlen(key), (uint64_t)i, 1, 1, &old) ==
              KV_OK);
    }
    CHECK(ix.count == 1000);
    CHECK(ix.nslots >= 1024);
    for (i = 0; i < 1000; i++) {
        snprintf(key, sizeof key, "key%d", i);
        CHECK(index_find(&ix, key, strlen(key)) != NULL);
        CHECK(index_find(&ix, key, strlen(key))->off == (uint64_t)i);
    }
    index_free(&ix);
}

void suite_index(void)
{
    RUN(test_set_and_find);
    RUN(test_set_replaces_and_reports_old_size);
    RUN(test_remove);
    RUN(test_grows_past_initial_slots);
}
