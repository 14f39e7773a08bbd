#ifndef ROTATE_H
#define ROTATE_H

#include "logrot.h"

/* Rotate one log under policy. Returns 1 when the log was rotated, 0 when
 * it was left alone (missing, or below max_size), -1 on an error, which has
 * been reported on stderr. */
int lr_rotate(const char *log, const struct lr_policy *policy,
              const struct lr_run *run);

#endif
