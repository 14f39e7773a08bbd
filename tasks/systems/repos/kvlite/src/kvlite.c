#include "kvlite.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "index.h"
#include "record.h"

struct kv_db {
    int fd;
    int flags;
    uint64_t end;         /* offset where the next record is appended */
    uint64_t records;
    uint64_t live_bytes;
    struct index ix;
};

static int read_at(int fd, void *buf, size_t n, uint64_t off)
{
    unsigned char *p = buf;

    while (n > 0) {
        ssize_t got = pread(fd, p, n, (off_t)off);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got < 0) {
            return KV_EIO;
        }
        if (got == 0) {
            return KV_ECORRUPT;
        }
        p += got;
        n -= (size_t)got;
        off += (uint64_t)got;
    }
    return KV_OK;
}

static int write_at(int fd, const void *buf, size_t n, uint64_t off)
{
    const unsigned char *p = buf;

    while (n > 0) {
        ssize_t put = pwrite(fd, p, n, (off_t)off);
        if (put < 0 && errno == EINTR) {
            continue;
        }
        if (put < 0) {
            return KV_EIO;
        }
        p += put;
        n -= (size_t)put;
        off += (uint64_t)put;
    }
    return KV_OK;
}

/* Makes sure *buf holds at least n bytes. */
static int reserve(unsigned char **buf, size_t *cap, size_t n)
{
    unsigned char *bigger;

    if (n <= *cap) {
        return KV_OK;
    }
    bigger = realloc(*buf, n);
    if (!bigger) {
        return KV_ENOMEM;
    }
    *buf = bigger;
    *cap = n;
    return KV_OK;
}

static int apply_record(kv_db *db, const struct rec_header *h,
                        const unsigned char *key, uint64_t off)
{
    uint64_t size = rec_size(h);
    uint64_t old = 0;
    int rc;

    if (h->type == REC_PUT) {
        rc = index_set(&db->ix, key, h->klen, off, size, h->vlen, &old);
        if (rc != KV_OK) {
            return rc;
        }
        db->live_bytes += size;
    } else if (index_remove(&db->ix, key, h->klen, &old) != KV_OK) {
        old = 0;
    }
    db->live_bytes -= old;
    db->records++;
    return KV_OK;
}

/* Reads every record from the start of the file and builds the index. */
static int load(kv_db *db, uint64_t size)
{
    unsigned char hb[KV_REC_HEADER];
    unsigned char *key = NULL;
    size_t cap = 0;
    uint64_t pos = KV_FILE_HEADER;
    int rc = KV_OK;

    while (pos < size) {
        struct rec_header h;

        if (size - pos < KV_REC_HEADER) {
            rc = KV_ECORRUPT;
            break;
        }
        rc = read_at(db->fd, hb, sizeof hb, pos);
        if (rc == KV_OK) {
            rc = rec_header_decode(hb, &h);
        }
        if (rc == KV_OK && rec_size(&h) > size - pos) {
            rc = KV_ECORRUPT;
        }
        if (rc == KV_OK) {
            rc = reserve(&key, &cap, h.klen);
        }
        if (rc == KV_OK) {
            rc = read_at(db->fd, key, h.klen, pos + KV_REC_HEADER);
        }
        if (rc == KV_OK) {
            rc = apply_record(db, &h, key, pos);
        }
        if (rc != KV_OK) {
            break;
        }
        pos += rec_size(&h);
    }
    free(key);
    db->end = pos;
    return rc;
}

static int init_file(kv_db *db, uint64_t *size)
{
    unsigned char fh[KV_FILE_HEADER];
    struct stat st;
    int rc;

    if (fstat(db->fd, &st) != 0) {
        return KV_EIO;
    }
    *size = (uint64_t)st.st_size;
    if (*size == 0) {
        file_header_encode(fh);
        rc = write_at(db->fd, fh, sizeof fh, 0);
        *size = KV_FILE_HEADER;
        return rc;
    }
    if (*size < KV_FILE_HEADER) {
        return KV_EBADFILE;
    }
    rc = read_at(db->fd, fh, sizeof fh, 0);
    return rc == KV_OK ? file_header_check(fh) : rc;
}

int kv_open(const char *path, int flags, kv_db **out)
{
    int oflags = O_RDWR;
    uint64_t size = 0;
    kv_db *db;
    int rc;

    if (!path || !out) {
        return KV_EINVAL;
    }
    *out = NULL;
    db = calloc(1, sizeof *db);
    if (!db) {
        return KV_ENOMEM;
    }
    if (flags & KV_CREATE) {
        oflags |= O_CREAT;
    }
    db->flags = flags;
    db->fd = open(path, oflags, 0644);
    if (db->fd < 0) {
        free(db);
        return KV_EIO;
    }
    rc = index_init(&db->ix);
    if (rc == KV_OK) {
        rc = init_file(db, &size);
    }
    if (rc == KV_OK) {
        rc = load(db, size);
    }
    if (rc != KV_OK) {
        kv_close(db);
        return rc;
    }
    *out = db;
    return KV_OK;
}

int kv_close(kv_db *db)
{
    int rc = KV_OK;

    if (!db) {
        return KV_EINVAL;
    }
    if (close(db->fd) != 0) {
        rc = KV_EIO;
    }
    index_free(&db->ix);
    free(db);
    return rc;
}

static int append(kv_db *db, const struct rec_header *h, const void *key,
                  const void *val)
{
    uint64_t size = rec_size(h);
    unsigned char *buf = malloc(size);
    int rc;

    if (!buf) {
        return KV_ENOMEM;
    }
    rec_header_encode(buf, h);
    memcpy(buf + KV_REC_HEADER, key, h->klen);
    if (h->vlen > 0) {
        memcpy(buf + KV_REC_HEADER + h->klen, val, h->vlen);
    }
    rc = write_at(db->fd, buf, size, db->end);
    free(buf);
    if (rc == KV_OK && (db->flags & KV_SYNC) && fsync(db->fd) != 0) {
        rc = KV_EIO;
    }
    return rc;
}

int kv_put(kv_db *db, const void *key, size_t klen, const void *val,
           size_t vlen)
{
    struct rec_header h;
    uint64_t off;
    int rc;

    if (!db || !key || klen == 0 || (!val && vlen > 0)) {
        return KV_EINVAL;
    }
    h.type = REC_PUT;
    h.klen = klen;
    h.vlen = vlen;
    off = db->end;
    rc = append(db, &h, key, val);
    if (rc != KV_OK) {
        return rc;
    }
    db->end += rec_size(&h);
    return apply_record(db, &h, key, off);
}

int kv_get(kv_db *db, const void *key, size_t klen, void **val,
           size_t *vlen)
{
    struct index_entry *e;
    unsigned char *copy;
    int rc;

    if (!db || !key || klen == 0 || !val || !vlen) {
        return KV_EINVAL;
    }
    e = index_find(&db->ix, key, klen);
    if (!e) {
        return KV_NOTFOUND;
    }
    copy = malloc(e->vlen > 0 ? e->vlen : 1);
    if (!copy) {
        return KV_ENOMEM;
    }
    rc = read_at(db->fd, copy, e->vlen, e->off + KV_REC_HEADER + e->klen);
    if (rc != KV_OK) {
        free(copy);
        return rc;
    }
    *val = copy;
    *vlen = e->vlen;
    return KV_OK;
}

int kv_del(kv_db *db, const void *key, size_t klen)
{
    struct rec_header h;
    uint64_t off;
    int rc;

    if (!db || !key || klen == 0) {
        return KV_EINVAL;
    }
    if (!index_find(&db->ix, key, klen)) {
        return KV_NOTFOUND;
    }
    h.type = REC_DEL;
    h.klen = klen;
    h.vlen = 0;
    off = db->end;
    rc = append(db, &h, key, NULL);
    if (rc != KV_OK) {
        return rc;
    }
    db->end += rec_size(&h);
    return apply_record(db, &h, key, off);
}

int kv_stats(kv_db *db, struct kv_stats *st)
{
    if (!db || !st) {
        return KV_EINVAL;
    }
    st->live_keys = db->ix.count;
    st->records = db->records;
    st->file_bytes = db->end;
    st->live_bytes = db->live_bytes;
    return KV_OK;
}

int kv_iter_begin(kv_db *db, kv_iter *it)
{
    if (!db || !it) {
        return KV_EINVAL;
    }
    it->db = db;
    it->pos = KV_FILE_HEADER;
    it->buf = NULL;
    it->cap = 0;
    return KV_OK;
}

int kv_iter_next(kv_iter *it, const void **key, size_t *klen,
                 const void **val, size_t *vlen)
{
    kv_db *db = it->db;
    unsigned char hb[KV_REC_HEADER];

    while (it->pos < db->end) {
        struct rec_header h;
        struct index_entry *e;
        uint64_t at = it->pos;
        int rc = read_at(db->fd, hb, sizeof hb, at);

        if (rc == KV_OK) {
            rc = rec_header_decode(hb, &h);
        }
        if (rc == KV_OK) {
            rc = reserve(&it->buf, &it->cap, (size_t)h.klen + h.vlen);
        }
        if (rc == KV_OK) {
            rc = read_at(db->fd, it->buf, (size_t)h.klen + h.vlen,
                         at + KV_REC_HEADER);
        }
        if (rc != KV_OK) {
            return rc;
        }
        it->pos += rec_size(&h);
        if (h.type != REC_PUT) {
            continue;
        }
        e = index_find(&db->ix, it->buf, h.klen);
        if (e && e->off == at) {
            *key = it->buf;
            *klen = h.klen;
            *val = it->buf + h.klen;
            *vlen = h.vlen;
            return KV_OK;
        }
    }
    return KV_DONE;
}

void kv_iter_end(kv_iter *it)
{
    free(it->buf);
    it->buf = NULL;
    it->cap = 0;
    it->db = NULL;
}

const char *kv_strerror(int status)
{
    switch (status) {
    case KV_OK:
        return "ok";
    case KV_NOTFOUND:
        return "not found";
    case KV_DONE:
        return "no more entries";
    case KV_EINVAL:
        return "invalid argument";
    case KV_ENOMEM:
        return "out of memory";
    case KV_EIO:
        return "I/O error";
    case KV_ECORRUPT:
        return "corrupt data file";
    case KV_EBADFILE:
        return "not a kvlite data file";
    default:
        return "unknown error";
    }
}
