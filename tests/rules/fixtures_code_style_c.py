"""Pass/fail/n-a fixtures for the C code-style rules (CS-043...CS-050, CS-106)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript

from .fixtures_code_style_python import run_with

Case = tuple[Run, JudgeScript | None]

MAKEFILE = "CC = cc\nCFLAGS = -std=c11 -Wall -Wextra -O2\n\nwc: src/main.c src/buffer.c\n\t$(CC) $(CFLAGS) -o $@ $^\n"
BUFFER_H = """/* Growable text buffers. */
#ifndef BUFFER_H
#define BUFFER_H

#include <stddef.h>

struct buffer {
    char *data;
    size_t len;
    size_t cap;
};

int buffer_append(struct buffer *b, const char *s);
void buffer_clear(struct buffer *b);

#endif /* BUFFER_H */
"""
BUFFER_C = """#include "buffer.h"

#include <stdlib.h>
#include <string.h>

int buffer_append(struct buffer *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        return -1;
    }
    memcpy(b->data + b->len, s, n + 1);
    b->len += n;
    return 0;
}
"""
MAIN_C = """#include <stdio.h>

int main(void)
{
    puts("wc");
    return 0;
}
"""
C_BASE = {
    "Makefile": MAKEFILE,
    "src/buffer.h": BUFFER_H,
    "src/buffer.c": BUFFER_C,
    "src/main.c": MAIN_C,
    "README.md": "# wc\n",
}


def c_run(changes: dict[str, str | None]) -> Run:
    return run_with(changes, base=C_BASE)


def buffer_with(extra: str) -> Run:
    return c_run({"src/buffer.c": BUFFER_C + extra})


def makefile_only() -> Run:
    return c_run({"Makefile": MAKEFILE + "\nclean:\n\trm -f wc\n"})


COPY = """
static char *copy_text(const char *s)
{{
    size_t n = strlen(s);
    char *out = malloc(n + 1);
{check}    memcpy(out, s, n + 1);
    return out;
}}
"""
CLEAR = "\nvoid buffer_clear(struct buffer *b)\n{\n    b->len = 0;\n}\n"

# --- CS-043 NULL checks ------------------------------------------------------------------------------------


def cs043_checked() -> Run:
    return buffer_with(COPY.format(check="    if (!out) {\n        return NULL;\n    }\n"))


def cs043_compared_with_null() -> Run:
    return buffer_with(COPY.format(check="    if (out == NULL) {\n        return NULL;\n    }\n"))


def cs043_unchecked() -> Run:
    return buffer_with(COPY.format(check=""))


def cs043_no_allocation() -> Run:
    return buffer_with(CLEAR)


# --- CS-044 realloc through a temporary ----------------------------------------------------------------------

GROW = """
static int grow(struct buffer *b, size_t cap)
{{
{body}    b->cap = cap;
    return 0;
}}
"""


def cs044_temporary() -> Run:
    return buffer_with(GROW.format(body="    char *tmp = realloc(b->data, cap);\n    if (!tmp) {\n        return -1;\n"
                                        "    }\n    b->data = tmp;\n"))


def cs044_straight_back() -> Run:
    return buffer_with(GROW.format(body="    b->data = realloc(b->data, cap);\n    if (!b->data) {\n"
                                        "        return -1;\n    }\n"))


def cs044_no_realloc() -> Run:
    return buffer_with(CLEAR)


# --- CS-045 unbounded string functions / CS-046 braces ----------------------------------------------------------

LABEL = """
static void label(char *out, size_t size, const char *name, int count)
{{
{body}}}
"""


def cs045_bounded() -> Run:
    return buffer_with(LABEL.format(body='    /* not strcpy(out, name): it has no bound */\n'
                                        '    snprintf(out, size, "%s: %d", name, count);\n'))


def cs045_sprintf() -> Run:
    return buffer_with(LABEL.format(body='    (void)size;\n    sprintf(out, "%s: %d", name, count);\n'))


def cs045_no_c_code() -> Run:
    return makefile_only()


SIGN = """
static int sign(int x)
{{
{body}}}
"""


def cs046_braced() -> Run:
    return buffer_with(SIGN.format(body="    if (x > 0) {\n        return 1;\n    } else if (x < 0) {\n"
                                        "        return -1;\n"
                                        "    } else {\n        return 0;\n    }\n"))


def cs046_unbraced() -> Run:
    return buffer_with(SIGN.format(body="    if (x > 0) {\n        return 1;\n    }\n    if (x < 0)\n"
                                        "        return -1;\n"
                                        "    return 0;\n"))


def cs046_unbraced_loop() -> Run:
    return buffer_with(SIGN.format(body="    int n = 0;\n    while (x-- > 0)\n        n++;\n    return n;\n"))


def cs046_no_control() -> Run:
    return buffer_with(CLEAR)


# --- CS-047 static internal functions -------------------------------------------------------------------------

TOOL = "#include <stdio.h>\n\nstatic int twice(int x)\n{\n    return 2 * x;\n}\n\nint main(void)\n{\n" \
       '    printf("%d\\n", twice(2));\n    return 0;\n}\n'


def cs047_static_helper_and_public_api() -> Run:
    return c_run({"src/buffer.c": BUFFER_C + CLEAR, "src/tool.c": TOOL})


def cs047_external_helper() -> Run:
    return c_run({"src/tool.c": TOOL.replace("static int twice", "int twice")})


def cs047_body_edit_only() -> Run:
    return c_run({"src/buffer.c": BUFFER_C.replace("    b->len += n;\n", "    b->len = b->len + n;\n")})


# --- CS-048 include guards ----------------------------------------------------------------------------------

RING = "/* A ring buffer. */\n{guard}\nstruct ring;\n\nint ring_push(struct ring *r, int v);\n{end}"


def cs048_named_guard() -> Run:
    return c_run({"src/ring_buffer.h": RING.format(guard="#ifndef RING_BUFFER_H\n#define RING_BUFFER_H\n",
                                                   end="\n#endif\n")})


def cs048_pragma_once() -> Run:
    return c_run({"src/ring_buffer.h": RING.format(guard="#pragma once\n", end="")})


def cs048_other_name() -> Run:
    return c_run({"src/ring_buffer.h": RING.format(guard="#ifndef RINGBUFFER_H\n#define RINGBUFFER_H\n",
                                                   end="\n#endif\n")})


def cs048_no_header() -> Run:
    return buffer_with(CLEAR)


# --- CS-049 Makefile warnings -------------------------------------------------------------------------------


def cs049_flags_kept() -> Run:
    return c_run({"Makefile": "CC = cc\nCFLAGS = -std=c11 -Wall \\\n  -O2\nCFLAGS += -Wextra\n\n"
                              "wc: src/main.c src/buffer.c\n\t$(CC) $(CFLAGS) -o $@ $^\n"})


def cs049_flag_dropped() -> Run:
    return c_run({"Makefile": MAKEFILE.replace(" -Wextra", "") + "\nclean:\n\trm -f wc\n"})


def cs049_no_makefile() -> Run:
    return buffer_with(CLEAR)


# --- CS-050 sizeof *p ----------------------------------------------------------------------------------------

ITEMS = """
static long *make_items(size_t n)
{{
    long *items = {call};
    if (!items) {{
        return NULL;
    }}
    return items;
}}
"""


def cs050_from_pointer() -> Run:
    return buffer_with(ITEMS.format(call="malloc(n * sizeof *items)") + ITEMS.replace("make_items", "zero_items")
                       .format(call="calloc(n, sizeof(*items))"))


def cs050_from_type() -> Run:
    return buffer_with(ITEMS.format(call="malloc(n * sizeof(long))"))


def cs050_no_sizeof() -> Run:
    return buffer_with(ITEMS.format(call="malloc(n + 1)"))


# --- CS-106 memory released on every path (hybrid) --------------------------------------------------------------

JOIN = """
static int print_joined(const char *a, const char *b)
{{
    char *both = malloc(strlen(a) + strlen(b) + 1);
    if (!both) {{
        return -1;
    }}
    strcpy(both, a);
{tail}}}
"""


def cs106_freed() -> Case:
    return buffer_with(JOIN.format(tail="    puts(both);\n    free(both);\n    return 0;\n")), JudgeScript(
        "pass", sees=("free(both)",))


def cs106_leaked_on_error_path() -> Case:
    tail = "    if (puts(both) < 0) {\n        return -1;\n    }\n    free(both);\n    return 0;\n"
    return buffer_with(JOIN.format(tail=tail)), JudgeScript("fail", sees=("if (puts(both) < 0)",))


def cs106_never_released() -> Case:
    run = buffer_with("\nstatic int scratch(size_t n)\n{\n    char *tmp = malloc(n);\n    if (!tmp) {\n"
                      "        return -1;\n    }\n    return 0;\n}\n")
    return run, None


def cs106_no_allocation() -> Case:
    return buffer_with(CLEAR), None


FIXTURES = {
    "CS-043": {"pass": [cs043_checked, cs043_compared_with_null], "fail": [cs043_unchecked],
               "na": [cs043_no_allocation]},
    "CS-044": {"pass": [cs044_temporary], "fail": [cs044_straight_back], "na": [cs044_no_realloc]},
    "CS-045": {"pass": [cs045_bounded], "fail": [cs045_sprintf], "na": [cs045_no_c_code]},
    "CS-046": {"pass": [cs046_braced], "fail": [cs046_unbraced, cs046_unbraced_loop], "na": [cs046_no_control]},
    "CS-047": {"pass": [cs047_static_helper_and_public_api], "fail": [cs047_external_helper],
               "na": [cs047_body_edit_only]},
    "CS-048": {"pass": [cs048_named_guard], "fail": [cs048_pragma_once, cs048_other_name], "na": [cs048_no_header]},
    "CS-049": {"pass": [cs049_flags_kept], "fail": [cs049_flag_dropped], "na": [cs049_no_makefile]},
    "CS-050": {"pass": [cs050_from_pointer], "fail": [cs050_from_type], "na": [cs050_no_sizeof]},
    "CS-106": {"pass": [cs106_freed], "fail": [cs106_leaked_on_error_path, cs106_never_released],
               "na": [cs106_no_allocation]},
}
