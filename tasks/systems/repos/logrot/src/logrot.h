#ifndef LOGROT_H
#define LOGROT_H

#define LOGROT_VERSION "0.4.0"

/* How one log is rotated: defaults, then the config file, then flags. */
struct lr_policy {
    unsigned long max_size; /* rotate once the log has this many bytes */
    int keep;               /* generations kept: app.log.1 .. app.log.<keep> */
    int copytruncate;       /* copy then truncate instead of rename */
};

/* Options of one run that apply to every log. */
struct lr_run {
    int verbose; /* print each action */
    int dry_run; /* print the actions, change nothing */
    int force;   /* rotate even below max_size */
};

void lr_policy_defaults(struct lr_policy *policy);

#endif
