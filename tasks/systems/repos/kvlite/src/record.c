#include "record.h"

#include <string.h>

#include "kvlite.h"

static void put_u16(unsigned char *out, uint16_t v)
{
    out[0] = (unsigned char)(v & 0xff);
    out[1] = (unsigned char)(v >> 8);
}

static void put_u32(unsigned char *out, uint32_t v)
{
    out[0] = (unsigned char)(v & 0xff);
    out[1] = (unsigned char)((v >> 8) & 0xff);
    out[2] = (unsigned char)((v >> 16) & 0xff);
    out[3] = (unsigned char)(v >> 24);
}

static uint16_t get_u16(const unsigned char *in)
{
    return (uint16_t)(in[0] | (in[1] << 8));
}

static uint32_t get_u32(const unsigned char *in)
{
    return (uint32_t)in[0] | ((uint32_t)in[1] << 8) |
           ((uint32_t)in[2] << 16) | ((uint32_t)in[3] << 24);
}

void file_header_encode(unsigned char *out)
{
    memcpy(out, KV_FILE_MAGIC, 6);
    out[6] = KV_FORMAT_VERSION;
    out[7] = 0;
}

int file_header_check(const unsigned char *in)
{
    if (memcmp(in, KV_FILE_MAGIC, 6) != 0) {
        return KV_EBADFILE;
    }
    if (in[6] != KV_FORMAT_VERSION || in[7] != 0) {
        return KV_EBADFILE;
    }
    return KV_OK;
}

void rec_header_encode(unsigned char *out, const struct rec_header *h)
{
    out[0] = h->type;
    out[1] = 0;
    put_u16(out + 2, h->klen);
    put_u32(out + 4, h->vlen);
}

int rec_header_decode(const unsigned char *in, struct rec_header *h)
{
    h->type = in[0];
    h->klen = get_u16(in + 2);
    h->vlen = get_u32(in + 4);
    if (in[1] != 0 || h->klen == 0) {
        return KV_ECORRUPT;
    }
    if (h->type == REC_PUT) {
        return KV_OK;
    }
    if (h->type == REC_DEL && h->vlen == 0) {
        return KV_OK;
    }
    return KV_ECORRUPT;
}

uint64_t rec_size(const struct rec_header *h)
{
    return (uint64_t)KV_REC_HEADER + h->klen + h->vlen;
}
