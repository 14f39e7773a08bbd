#ifndef SIZE_H
#define SIZE_H

/* Parse "512", "64k", "10M" or "1G" (binary units, case ignored) into a
 * byte count. Returns 0 on success, -1 when text is not a size. */
int lr_parse_size(const char *text, unsigned long *bytes);

#endif
