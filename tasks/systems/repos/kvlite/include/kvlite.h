/*
 * kvlite - a small embeddable key-value store.
 *
 * Every change is appended to one data file; an in-memory hash index that
 * maps each live key to its latest record is rebuilt when the file is opened.
 */
#ifndef KVLITE_H
#define KVLITE_H

#include <stddef.h>
#include <stdint.h>

#define KVLITE_VERSION "0.4.0"

/* Return codes. Negative values are errors. */
enum kv_status {
    KV_OK = 0,
    KV_NOTFOUND = 1,   /* kv_get / kv_del: no such key */
    KV_DONE = 2,       /* kv_iter_next: no more entries */
    KV_EINVAL = -1,    /* bad argument */
    KV_ENOMEM = -2,    /* out of memory */
    KV_EIO = -3,       /* read, write or sync failed (see errno) */
    KV_ECORRUPT = -4,  /* the data file holds a malformed record */
    KV_EBADFILE = -5   /* not a kvlite file, or an unknown format version */
};

/* kv_open flags */
#define KV_CREATE 0x1  /* create the file if it does not exist */
#define KV_SYNC 0x2    /* fsync after every put and delete */

typedef struct kv_db kv_db;

struct kv_stats {
    uint64_t live_keys;   /* keys that kv_get would find */
    uint64_t records;     /* records in the file, deletions included */
    uint64_t file_bytes;  /* size of the data file */
    uint64_t live_bytes;  /* bytes taken by the records of live keys */
};

/*
 * Iterates over the live entries in file order. Key and value pointers
 * stay valid until the next kv_iter_next or kv_iter_end call.
 */
typedef struct kv_iter {
    kv_db *db;
    uint64_t pos;
    unsigned char *buf;
    size_t cap;
} kv_iter;

int kv_open(const char *path, int flags, kv_db **out);
int kv_close(kv_db *db);

int kv_put(kv_db *db, const void *key, size_t klen,
           const void *val, size_t vlen);
/* On KV_OK *val is a malloc'd copy of the value; release it with free(). */
int kv_get(kv_db *db, const void *key, size_t klen,
           void **val, size_t *vlen);
int kv_del(kv_db *db, const void *key, size_t klen);
int kv_stats(kv_db *db, struct kv_stats *st);

int kv_iter_begin(kv_db *db, kv_iter *it);
int kv_iter_next(kv_iter *it, const void **key, size_t *klen,
                 const void **val, size_t *vlen);
void kv_iter_end(kv_iter *it);

const char *kv_strerror(int status);

#endif
