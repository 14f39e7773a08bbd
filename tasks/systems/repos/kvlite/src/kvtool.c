/* kvtool: inspect and edit a kvlite data file from the shell. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvlite.h"

enum exit_code {
    EXIT_OK = 0,
    EXIT_NOTFOUND = 1,
    EXIT_USAGE = 2,
    EXIT_ERROR = 3
};

static const char usage[] =
    "usage: kvtool COMMAND FILE [ARGS]\n"
    "\n"
    "  get FILE KEY          print the value stored under KEY\n"
    "  put FILE KEY VALUE    store VALUE under KEY (creates FILE)\n"
    "  del FILE KEY          delete KEY\n"
    "  del FILE --prefix P   delete every key that starts with P\n"
    "  list FILE             print the live keys, one per line\n"
    "  stats FILE            print record and size counters\n";

static int fail(const char *file, int rc)
{
    fprintf(stderr, "kvtool: %s: %s\n", file, kv_strerror(rc));
    return rc == KV_NOTFOUND ? EXIT_NOTFOUND : EXIT_ERROR;
}

static int cmd_get(kv_db *db, const char *file, const char *key)
{
    void *val;
    size_t vlen;
    int rc = kv_get(db, key, strlen(key), &val, &vlen);

    if (rc != KV_OK) {
        return fail(file, rc);
    }
    fwrite(val, 1, vlen, stdout);
    putchar('\n');
    free(val);
    return EXIT_OK;
}

static int cmd_put(kv_db *db, const char *file, const char *key,
                   const char *val)
{
    int rc = kv_put(db, key, strlen(key), val, strlen(val));

    return rc == KV_OK ? EXIT_OK : fail(file, rc);
}

static int cmd_del(kv_db *db, const char *file, const char *key)
{
    int rc = kv_del(db, key, strlen(key));

    return rc == KV_OK ? EXIT_OK : fail(file, rc);
}

static int cmd_del_prefix(kv_db *db, const char *file, const char *prefix)
{
    size_t plen = strlen(prefix);
    unsigned long deleted = 0;
    const void *key;
    const void *val;
    size_t klen;
    size_t vlen;
    kv_iter it;
    int rc = kv_iter_begin(db, &it);

    while (rc == KV_OK) {
        rc = kv_iter_next(&it, &key, &klen, &val, &vlen);
        if (rc != KV_OK || klen < plen || memcmp(key, prefix, plen) != 0) {
            continue;
        }
        rc = kv_del(db, key, klen);
        if (rc == KV_OK) {
            deleted++;
        }
    }
    kv_iter_end(&it);
    if (rc != KV_DONE) {
        return fail(file, rc);
    }
    printf("deleted %lu keys\n", deleted);
    return EXIT_OK;
}

static int cmd_list(kv_db *db, const char *file)
{
    const void *key;
    const void *val;
    size_t klen;
    size_t vlen;
    kv_iter it;
    int rc = kv_iter_begin(db, &it);

    while (rc == KV_OK) {
        rc = kv_iter_next(&it, &key, &klen, &val, &vlen);
        if (rc == KV_OK) {
            fwrite(key, 1, klen, stdout);
            putchar('\n');
        }
    }
    kv_iter_end(&it);
    return rc == KV_DONE ? EXIT_OK : fail(file, rc);
}

static int cmd_stats(kv_db *db, const char *file)
{
    struct kv_stats st;
    int rc = kv_stats(db, &st);

    if (rc != KV_OK) {
        return fail(file, rc);
    }
    printf("live keys   %llu\n", (unsigned long long)st.live_keys);
    printf("records     %llu\n", (unsigned long long)st.records);
    printf("file bytes  %llu\n", (unsigned long long)st.file_bytes);
    printf("live bytes  %llu\n", (unsigned long long)st.live_bytes);
    return EXIT_OK;
}

static int run(kv_db *db, int argc, char **argv)
{
    const char *cmd = argv[1];
    const char *file = argv[2];

    if (strcmp(cmd, "get") == 0 && argc == 4) {
        return cmd_get(db, file, argv[3]);
    }
    if (strcmp(cmd, "put") == 0 && argc == 5) {
        return cmd_put(db, file, argv[3], argv[4]);
    }
    if (strcmp(cmd, "del") == 0 && argc == 5 &&
        strcmp(argv[3], "--prefix") == 0) {
        return cmd_del_prefix(db, file, argv[4]);
    }
    if (strcmp(cmd, "del") == 0 && argc == 4) {
        return cmd_del(db, file, argv[3]);
    }
    if (strcmp(cmd, "list") == 0 && argc == 3) {
        return cmd_list(db, file);
    }
    if (strcmp(cmd, "stats") == 0 && argc == 3) {
        return cmd_stats(db, file);
    }
    fputs(usage, stderr);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    kv_db *db;
    int rc;
    int code;

    if (argc < 3) {
        fputs(usage, stderr);
        return EXIT_USAGE;
    }
    rc = kv_open(argv[2], strcmp(argv[1], "put") == 0 ? KV_CREATE : 0, &db);
    if (rc != KV_OK) {
        return fail(argv[2], rc);
    }
    code = run(db, argc, argv);
    rc = kv_close(db);
    if (rc != KV_OK && code == EXIT_OK) {
        code = fail(argv[2], rc);
    }
    return code;
}
