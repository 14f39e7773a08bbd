/* The in-memory index: each live key and where its latest record is. */
#ifndef INDEX_H
#define INDEX_H

#include <stddef.h>
#include <stdint.h>

struct index_entry {
    struct index_entry *next;
    uint64_t off;    /* offset of the record in the data file */
    uint64_t size;   /* size of the whole record, header included */
    uint32_t vlen;
    uint32_t hash;
    size_t klen;
    unsigned char key[];
};

struct index {
    struct index_entry **slots;
    size_t nslots;   /* always a power of two */
    size_t count;
};

int index_init(struct index *ix);
void index_free(struct index *ix);
struct index_entry *index_find(const struct index *ix, const void *key,
                               size_t klen);
int index_set(struct index *ix, const void *key, size_t klen, uint64_t off,
              uint64_t size, uint32_t vlen, uint64_t *old_size);
int index_remove(struct index *ix, const void *key, size_t klen,
                 uint64_t *old_size);

#endif
