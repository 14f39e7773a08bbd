#include "index.h"

#include <stdlib.h>
#include <string.h>

#include "kvlite.h"

#define INITIAL_SLOTS 64

/* FNV-1a, 32 bit. */
static uint32_t hash_key(const unsigned char *key, size_t klen)
{
    uint32_t h = 2166136261u;
    size_t i;

    for (i = 0; i < klen; i++) {
        h ^= key[i];
        h *= 16777619u;
    }
    return h;
}

int index_init(struct index *ix)
{
    ix->slots = calloc(INITIAL_SLOTS, sizeof *ix->slots);
    if (!ix->slots) {
        return KV_ENOMEM;
    }
    ix->nslots = INITIAL_SLOTS;
    ix->count = 0;
    return KV_OK;
}

void index_free(struct index *ix)
{
    size_t i;

    for (i = 0; i < ix->nslots; i++) {
        struct index_entry *e = ix->slots[i];
        while (e) {
            struct index_entry *next = e->next;
            free(e);
            e = next;
        }
    }
    free(ix->slots);
    ix->slots = NULL;
    ix->nslots = 0;
    ix->count = 0;
}

static struct index_entry **find_link(const struct index *ix,
                                      const unsigned char *key, size_t klen,
                                      uint32_t h)
{
    struct index_entry **link = &ix->slots[h & (ix->nslots - 1)];

    while (*link) {
        struct index_entry *e = *link;
        if (e->hash == h && e->klen == klen &&
            memcmp(e->key, key, klen) == 0) {
            return link;
        }
        link = &e->next;
    }
    return link;
}

static int grow(struct index *ix)
{
    size_t nslots = ix->nslots * 2;
    struct index_entry **slots = calloc(nslots, sizeof *slots);
    size_t i;

    if (!slots) {
        return KV_ENOMEM;
    }
    for (i = 0; i < ix->nslots; i++) {
        struct index_entry *e = ix->slots[i];
        while (e) {
            struct index_entry *next = e->next;
            size_t at = e->hash & (nslots - 1);
            e->next = slots[at];
            slots[at] = e;
            e = next;
        }
    }
    free(ix->slots);
    ix->slots = slots;
    ix->nslots = nslots;
    return KV_OK;
}

struct index_entry *index_find(const struct index *ix, const void *key,
                               size_t klen)
{
    uint32_t h = hash_key(key, klen);

    return *find_link(ix, key, klen, h);
}

int index_set(struct index *ix, const void *key, size_t klen, uint64_t off,
              uint64_t size, uint32_t vlen, uint64_t *old_size)
{
    uint32_t h = hash_key(key, klen);
    struct index_entry **link = find_link(ix, key, klen, h);
    struct index_entry *e = *link;

    *old_size = 0;
    if (e) {
        *old_size = e->size;
    } else {
        if (ix->count + 1 > ix->nslots - ix->nslots / 4) {
            if (grow(ix) != KV_OK) {
                return KV_ENOMEM;
            }
            link = find_link(ix, key, klen, h);
        }
        e = malloc(sizeof *e + klen);
        if (!e) {
            return KV_ENOMEM;
        }
        memcpy(e->key, key, klen);
        e->klen = klen;
        e->hash = h;
        e->next = NULL;
        *link = e;
        ix->count++;
    }
    e->off = off;
    e->size = size;
    e->vlen = vlen;
    return KV_OK;
}

int index_remove(struct index *ix, const void *key, size_t klen,
                 uint64_t *old_size)
{
    uint32_t h = hash_key(key, klen);
    struct index_entry **link = find_link(ix, key, klen, h);
    struct index_entry *e = *link;

    if (!e) {
        return KV_NOTFOUND;
    }
    *old_size = e->size;
    *link = e->next;
    free(e);
    ix->count--;
    return KV_OK;
}
