"""Pass/fail/n-a fixtures for the C code-style rules (CS-043...CS-050, CS-106), in the idioms real agents write C
in: allocations inside conditions and through out-parameters, `goto fail` cleanups, braces on their own line, K&R
definitions, `else if` chains, `do { } while (0)` macros, `#ifdef`-guarded code, and comments and strings that
mention the functions the rules look for."""

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
BUFFER_TEST = """#include "../src/buffer.h"

int main(void)
{
    struct buffer b = {0};
    return b.len == 0 ? 0 : 1;
}
"""
C_BASE = {
    "Makefile": MAKEFILE,
    "src/buffer.h": BUFFER_H,
    "src/buffer.c": BUFFER_C,
    "src/main.c": MAIN_C,
    "tests/test_buffer.c": BUFFER_TEST,
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
MENTIONS = """
/* The caller owns the block: p = malloc(n) happens in buffer_new(), strcpy(out, s) is never used. */
void buffer_clear(struct buffer *b)
{
    // realloc(b->data, 0) would free it; keep the block
    b->len = 0;
    puts("if (!p) { p = malloc(n * sizeof(struct buffer)); }");
}
"""

# --- CS-043 NULL checks ------------------------------------------------------------------------------------


def cs043_checked() -> Run:
    return buffer_with(COPY.format(check="    if (!out) {\n        return NULL;\n    }\n"))


def cs043_compared_with_null() -> Run:
    return buffer_with(COPY.format(check="    if (out == NULL) {\n        return NULL;\n    }\n"))


INLINE = """
static char *copy_text(const char *s)
{{
    size_t n = strlen(s);
    char *out;

    if ({condition}) {{
        return NULL;
    }}
    memcpy(out, s, n + 1);
    return out;
}}
"""


def cs043_compared_in_the_allocating_condition() -> Run:
    return buffer_with(INLINE.format(condition="(out = malloc(n + 1)) == NULL"))


def cs043_negated_in_the_allocating_condition() -> Run:
    return buffer_with(INLINE.format(condition="!(out = malloc(n + 1))"))


OUT_PARAMETERS = """
static int take_text(const struct buffer *b, char **out)
{
    *out = malloc(b->len + 1);
    if (!*out) {
        return -1;
    }
    memcpy(*out, b->data, b->len + 1);
    return 0;
}

static int grow_line(char **line, size_t cap)
{
    char *tmp = realloc(*line, cap);

    if (tmp == NULL) {
        return -1;
    }
    *line = tmp;
    return 0;
}
"""


def cs043_out_parameters() -> Run:
    return buffer_with(OUT_PARAMETERS)


GOTO_FAIL = """
static struct buffer *buffer_pair(size_t cap)
{
    struct buffer *pair = calloc(2, sizeof *pair);
    if (pair == NULL)
    {
        perror("calloc");
        return NULL;
    }
    pair[0].data = malloc(cap);
    pair[1].data = (char *)malloc(cap);
    if (!pair[0].data || NULL == pair[1].data)
        goto fail;
    pair[0].cap = pair[1].cap = cap;
    return pair;
fail:
    free(pair[0].data);
    free(pair[1].data);
    free(pair);
    return NULL;
}
"""


def cs043_goto_fail_and_braces_on_their_own_line() -> Run:
    return buffer_with(GOTO_FAIL)


MEMBERS = """
#include <assert.h>

struct lines {
    char **items;
    size_t count;
};

static int lines_init(struct lines *ls, size_t cap)
{
    ls->items = calloc(cap, sizeof *ls->items);
    if (!ls->items) {
        return -1;
    }
    ls->count = 0;
    return 0;
}

static struct lines lines_copy(char *const *src, size_t n)
{
    struct lines s = {0};

    s.items = calloc(n, sizeof *s.items);
    assert(s.items);
    while (s.count < n && (s.items[s.count] = strdup(src[s.count])) != NULL) {
        s.count++;
    }
    return s;
}

#ifdef BUFFER_DEBUG
static void *zeroed(size_t n)
{
    void *p = malloc(n);
    if (p) {
        memset(p, 0, n);
    }
    return p;
}
#endif

static char *dup_or_die(const char *s)
{
    char *p = strdup(s);
    if (p == 0) {
        abort();
    }
    return p;
}
"""


def cs043_members_loops_asserts_and_ifdef() -> Run:
    return buffer_with(MEMBERS)


def cs043_unchecked() -> Run:
    return buffer_with(COPY.format(check=""))


def cs043_only_the_other_pointer_checked() -> Run:
    return buffer_with("""
static int pair(char **a, char **b, size_t n)
{
    char *first = malloc(n);
    char *second = malloc(n);

    if (!first) {
        free(second);
        return -1;
    }
    *a = first;
    *b = second;
    return 0;
}
""")


def cs043_check_only_in_a_comment() -> Run:
    return buffer_with(COPY.format(check="    /* if (!out) return NULL; is the caller's job */\n"))


def cs043_out_parameter_unchecked() -> Run:
    return buffer_with(OUT_PARAMETERS.replace("    if (!*out) {\n        return -1;\n    }\n", ""))


def cs043_no_allocation() -> Run:
    return buffer_with(CLEAR)


def cs043_allocators_only_mentioned() -> Run:
    return buffer_with(MENTIONS)


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


def cs044_temporary_in_a_condition() -> Run:
    return buffer_with(GROW.format(body="    char *tmp;\n\n    if ((tmp = realloc(b->data, cap)) == NULL) {\n"
                                        "        return -1;\n    }\n    b->data = tmp;\n"))


def cs044_out_parameter_temporary() -> Run:
    return buffer_with(OUT_PARAMETERS)


def cs044_straight_back() -> Run:
    return buffer_with(GROW.format(body="    b->data = realloc(b->data, cap);\n    if (!b->data) {\n"
                                        "        return -1;\n    }\n"))


def cs044_out_parameter_straight_back() -> Run:
    return buffer_with("""
static int grow_line(char **line, size_t cap)
{
    *line = realloc(*line, cap);
    if (!*line) {
        return -1;
    }
    return 0;
}
""")


def cs044_no_realloc() -> Run:
    return buffer_with(CLEAR)


def cs044_realloc_only_mentioned() -> Run:
    return buffer_with(MENTIONS)


# --- CS-045 unbounded string functions / CS-046 braces ----------------------------------------------------------

LABEL = """
static void label(char *out, size_t size, const char *name, int count)
{{
{body}}}
"""


def cs045_bounded() -> Run:
    return buffer_with(LABEL.format(body='    /* not strcpy(out, name): it has no bound */\n'
                                        '    snprintf(out, size, "%s: %d", name, count);\n'))


def cs045_lookalike_names_and_strings() -> Run:
    return buffer_with("\nstatic size_t my_strcpy(char *d, const char *s, size_t n);\n" + LABEL.format(
        body='    (void)count;\n    my_strcpy(out, name, size);\n    puts("never sprintf(buf, fmt)");\n'))


def cs045_sprintf() -> Run:
    return buffer_with(LABEL.format(body='    (void)size;\n    sprintf(out, "%s: %d", name, count);\n'))


def cs045_in_a_macro() -> Run:
    return buffer_with("\n#define COPY_NAME(dst, src) \\\n    do { \\\n        strcpy((dst), (src)); \\\n"
                       "    } while (0)\n")


def cs045_no_c_code() -> Run:
    return makefile_only()


def cs045_comment_only() -> Run:
    return buffer_with("\n/* TODO: strcpy(out, s) would be simpler */\n")


SIGN = """
static int sign(int x)
{{
{body}}}
"""


def cs046_braced() -> Run:
    return buffer_with(SIGN.format(body="    if (x > 0) {\n        return 1;\n    } else if (x < 0) {\n"
                                        "        return -1;\n"
                                        "    } else {\n        return 0;\n    }\n"))


def cs046_allman_loops_and_macros() -> Run:
    return buffer_with("""
#define RETURN_IF(cond, rc) do { if (cond) return (rc); } while (0)
#define CHECK_LEN(b) \\
    do { \\
        if ((b)->len > (b)->cap) /* corrupt */ \\
            abort(); \\
    } while (0)

static int count_words(const char *s)
{
    int n = 0;
    const char *p = s; /* if (x) return; is braced below */

    RETURN_IF(!s, -1);
    do
    {
        while (*p == ' ')
        {
            p++;
        }
        if (*p != '\\0')
        {
            n++;
        }
#ifdef WORDS_DEBUG
        for (const char *q = p; *q; q++) {
            putchar(*q);
        }
#endif
        while (*p && *p != ' ') {
            p++;
        }
    } while (*p);
    return n;
}
""")


def cs046_unbraced() -> Run:
    return buffer_with(SIGN.format(body="    if (x > 0) {\n        return 1;\n    }\n    if (x < 0)\n"
                                        "        return -1;\n"
                                        "    return 0;\n"))


def cs046_unbraced_loop() -> Run:
    return buffer_with(SIGN.format(body="    int n = 0;\n    while (x-- > 0)\n        n++;\n    return n;\n"))


def cs046_unbraced_else_ending_a_chain() -> Run:
    return buffer_with(SIGN.format(body="    if (x > 0) {\n        return 1;\n    } else if (x < 0) {\n"
                                        "        return -1;\n    } else\n        return 0;\n"))


def cs046_unbraced_under_ifdef() -> Run:
    return buffer_with(SIGN.format(body="#ifdef SIGN_DEBUG\n    for (int i = 0; i < x; i++)\n        putchar('+');\n"
                                        "#endif\n    return x > 0;\n"))


def cs046_no_control() -> Run:
    return buffer_with(CLEAR)


def cs046_control_only_in_a_macro() -> Run:
    return buffer_with("\n#define RETURN_IF(cond, rc) do { if (cond) return (rc); } while (0)\n")


# --- CS-047 static internal functions -------------------------------------------------------------------------

TOOL = "#include <stdio.h>\n\nstatic int twice(int x)\n{\n    return 2 * x;\n}\n\nint main(void)\n{\n" \
       '    printf("%d\\n", twice(2));\n    return 0;\n}\n'


def cs047_static_helper_and_public_api() -> Run:
    return c_run({"src/buffer.c": BUFFER_C + CLEAR, "src/tool.c": TOOL})


def cs047_static_in_kr_style_and_ifdef() -> Run:
    return c_run({"src/tool.c": TOOL.replace("static int twice(int x)", "static inline int\ntwice(int x)")
                  + "\n#ifdef TOOL_DEBUG\nstatic void\ndump(int x)\n{\n    printf(\"%d\\n\", x);\n}\n#endif\n"})


def cs047_external_helper() -> Run:
    return c_run({"src/tool.c": TOOL.replace("static int twice", "int twice")})


def cs047_external_helper_in_kr_style() -> Run:
    return c_run({"src/tool.c": TOOL.replace("static int twice(int x)", "int\ntwice(int x)")})


def cs047_body_edit_only() -> Run:
    return c_run({"src/buffer.c": BUFFER_C.replace("    b->len += n;\n", "    b->len = b->len + n;\n")})


def cs047_prototype_only() -> Run:
    return c_run({"src/buffer.c": BUFFER_C.replace("#include <string.h>\n", "#include <string.h>\n\n"
                                                   "static int twice(int x);\n")})


# --- CS-048 include guards ----------------------------------------------------------------------------------

RING = "/* A ring buffer. */\n{guard}\nstruct ring;\n\nint ring_push(struct ring *r, int v);\n{end}"


def cs048_named_guard() -> Run:
    return c_run({"src/ring_buffer.h": RING.format(guard="#ifndef RING_BUFFER_H\n#define RING_BUFFER_H\n",
                                                   end="\n#endif\n")})


def cs048_guard_around_extern_c() -> Run:
    body = "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\nint ring_pop(struct ring *r);\n\n#ifdef __cplusplus\n}\n" \
           "#endif\n"
    return c_run({"src/ring_buffer.h": RING.format(guard="#ifndef RING_BUFFER_H\n#define RING_BUFFER_H\n" + body,
                                                   end="\n#endif /* RING_BUFFER_H */\n")})


def cs048_pragma_once() -> Run:
    return c_run({"src/ring_buffer.h": RING.format(guard="#pragma once\n", end="")})


def cs048_other_name() -> Run:
    return c_run({"src/ring_buffer.h": RING.format(guard="#ifndef RINGBUFFER_H\n#define RINGBUFFER_H\n",
                                                   end="\n#endif\n")})


def cs048_declarations_after_the_guard() -> Run:
    return c_run({"src/ring_buffer.h": RING.format(guard="#ifndef RING_BUFFER_H\n#define RING_BUFFER_H\n",
                                                   end="\n#endif\n\nint ring_pop(struct ring *r);\n")})


def cs048_unclosed_guard() -> Run:
    return c_run({"src/ring_buffer.h": RING.format(guard="#ifndef RING_BUFFER_H\n#define RING_BUFFER_H\n", end="")})


def cs048_no_header() -> Run:
    return buffer_with(CLEAR)


# --- CS-049 Makefile warnings -------------------------------------------------------------------------------


def cs049_flags_kept() -> Run:
    return c_run({"Makefile": "CC = cc\nCFLAGS = -std=c11 -Wall \\\n  -O2\nCFLAGS += -Wextra\n\n"
                              "wc: src/main.c src/buffer.c\n\t$(CC) $(CFLAGS) -o $@ $^\n"})


def cs049_exported_and_immediate_flags() -> Run:
    """`export CFLAGS = ...` (passed on to sub-makes) and `::=` (POSIX immediate assignment) set the flags too."""
    return c_run({"Makefile": "CC = cc\nexport CFLAGS = -std=c11 -Wall\nCFLAGS ::= $(CFLAGS) -Wextra  # strict\n\n"
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


def cs050_from_subscript() -> Run:
    return buffer_with(ITEMS.format(call="malloc(n * sizeof items[0])") + ITEMS.replace("make_items", "zero_items")
                       .format(call="calloc(n, sizeof(items[0]))"))


def cs050_member_in_a_macro_and_memset() -> Run:
    return buffer_with("""
#define GROW(v, n) ((v)->items = realloc((v)->items, (n) * sizeof *(v)->items))

static void reset(struct buffer *b)
{
    memset(b, 0, sizeof(struct buffer));
    b->data = malloc(16 * sizeof *b->data);
}
""")


def cs050_from_type() -> Run:
    return buffer_with(ITEMS.format(call="malloc(n * sizeof(long))"))


def cs050_from_struct_type() -> Run:
    return buffer_with("\nstatic struct buffer *buffer_new(void)\n{\n"
                       "    struct buffer *b = calloc(1, sizeof(struct buffer));\n"
                       "    if (!b) {\n        return NULL;\n    }\n    return b;\n}\n")


def cs050_no_sizeof() -> Run:
    return buffer_with(ITEMS.format(call="malloc(n + 1)"))


def cs050_sizeof_outside_allocations() -> Run:
    return buffer_with("\nvoid buffer_clear(struct buffer *b)\n{\n    /* malloc(sizeof(struct buffer)) */\n"
                       "    memset(b, 0, sizeof(struct buffer));\n}\n")


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


def cs106_out_parameters() -> Case:
    run = buffer_with(OUT_PARAMETERS + "\nstatic int zeroed(size_t n, char **out)\n{\n    *out = calloc(n, 1);\n"
                                       "    if (*out == NULL) {\n        return -1;\n    }\n    return 0;\n}\n")
    return run, JudgeScript("pass", sees=("*out = calloc(n, 1);", "*line = tmp;"))


def cs106_goto_cleanup() -> Case:
    return buffer_with(GOTO_FAIL), JudgeScript("pass", sees=("fail:",))


def cs106_leaked_on_error_path() -> Case:
    tail = "    if (puts(both) < 0) {\n        return -1;\n    }\n    free(both);\n    return 0;\n"
    return buffer_with(JOIN.format(tail=tail)), JudgeScript("fail", sees=("if (puts(both) < 0)",))


def cs106_never_released() -> Case:
    run = buffer_with("\nstatic int scratch(size_t n)\n{\n    char *tmp = malloc(n);\n    if (!tmp) {\n"
                      "        return -1;\n    }\n    return 0;\n}\n")
    return run, None


def cs106_only_indexed() -> Case:
    run = buffer_with("\nstatic int first_byte(size_t n)\n{\n    unsigned char *scratch;\n\n"
                      "    if ((scratch = calloc(n, 1)) == NULL) {\n        return -1;\n    }\n"
                      "    scratch[0] = 1;\n    return scratch[0]; /* free(scratch) later */\n}\n")
    return run, None


def cs106_no_allocation() -> Case:
    return buffer_with(CLEAR), None


def cs106_allocators_only_mentioned() -> Case:
    return buffer_with(MENTIONS), None


FIXTURES = {
    "CS-043": {"pass": [cs043_checked, cs043_compared_with_null, cs043_compared_in_the_allocating_condition,
                        cs043_negated_in_the_allocating_condition, cs043_out_parameters,
                        cs043_goto_fail_and_braces_on_their_own_line, cs043_members_loops_asserts_and_ifdef],
               "fail": [cs043_unchecked, cs043_only_the_other_pointer_checked, cs043_check_only_in_a_comment,
                        cs043_out_parameter_unchecked],
               "na": [cs043_no_allocation, cs043_allocators_only_mentioned]},
    "CS-044": {"pass": [cs044_temporary, cs044_temporary_in_a_condition, cs044_out_parameter_temporary],
               "fail": [cs044_straight_back, cs044_out_parameter_straight_back],
               "na": [cs044_no_realloc, cs044_realloc_only_mentioned]},
    "CS-045": {"pass": [cs045_bounded, cs045_lookalike_names_and_strings], "fail": [cs045_sprintf, cs045_in_a_macro],
               "na": [cs045_no_c_code, cs045_comment_only]},
    "CS-046": {"pass": [cs046_braced, cs046_allman_loops_and_macros],
               "fail": [cs046_unbraced, cs046_unbraced_loop, cs046_unbraced_else_ending_a_chain,
                        cs046_unbraced_under_ifdef],
               "na": [cs046_no_control, cs046_control_only_in_a_macro]},
    "CS-047": {"pass": [cs047_static_helper_and_public_api, cs047_static_in_kr_style_and_ifdef],
               "fail": [cs047_external_helper, cs047_external_helper_in_kr_style],
               "na": [cs047_body_edit_only, cs047_prototype_only]},
    "CS-048": {"pass": [cs048_named_guard, cs048_guard_around_extern_c],
               "fail": [cs048_pragma_once, cs048_other_name, cs048_declarations_after_the_guard,
                        cs048_unclosed_guard],
               "na": [cs048_no_header]},
    "CS-049": {"pass": [cs049_flags_kept, cs049_exported_and_immediate_flags], "fail": [cs049_flag_dropped],
               "na": [cs049_no_makefile]},
    "CS-050": {"pass": [cs050_from_pointer, cs050_from_subscript, cs050_member_in_a_macro_and_memset],
               "fail": [cs050_from_type, cs050_from_struct_type],
               "na": [cs050_no_sizeof, cs050_sizeof_outside_allocations]},
    "CS-106": {"pass": [cs106_freed, cs106_out_parameters, cs106_goto_cleanup],
               "fail": [cs106_leaked_on_error_path, cs106_never_released, cs106_only_indexed],
               "na": [cs106_no_allocation, cs106_allocators_only_mentioned]},
}
