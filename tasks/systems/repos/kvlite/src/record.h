/* On-disk layout of the data file: the file header and record headers. */
#ifndef RECORD_H
#define RECORD_H

#include <stddef.h>
#include <stdint.h>

#define KV_FILE_MAGIC "KVLITE"
#define KV_FORMAT_VERSION 1
#define KV_FILE_HEADER 8   /* magic (6 bytes), version, reserved */
#define KV_REC_HEADER 8    /* type, reserved, key length, value length */

enum rec_type {
    REC_PUT = 1,
    REC_DEL = 2
};

struct rec_header {
    uint8_t type;
    uint16_t klen;
    uint32_t vlen;
};

void file_header_encode(unsigned char *out);
int file_header_check(const unsigned char *in);

void rec_header_encode(unsigned char *out, const struct rec_header *h);
int rec_header_decode(const unsigned char *in, struct rec_header *h);
uint64_t rec_size(const struct rec_header *h);

#endif
