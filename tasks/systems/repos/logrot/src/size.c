#include "size.h"

#include <ctype.h>
#include <stdlib.h>

int lr_parse_size(const char *text, unsigned long *bytes)
{
    char *end;
    unsigned long value;
    unsigned long unit = 1;

    if (!isdigit((unsigned char)text[0])) {
        return -1;
    }
    value = strtoul(text, &end, 10);
    switch (tolower((unsigned char)*end)) {
    case '\0':
        break;
    case 'k':
        unit = 1024UL;
        end++;
        break;
    case 'm':
        unit = 1024UL * 1024;
        end++;
        break;
    case 'g':
        unit = 1024UL * 1024 * 1024;
        end++;
        break;
    default:
        return -1;
    }
    if (*end != '\0') {
        return -1;
    }
    *bytes = value * unit;
    return 0;
}
