#!/bin/sh
# Project lint for logrot; run it (or `make lint`) before every commit.
set -u

case ${1:-} in
-h|--help)
    cat <<'USAGE'
usage: sh tools/lint.sh

Checks every C source and header under src/ and tests/:
  - compiles cleanly with -std=c99 -Wall -Wextra -Wpedantic -Werror
  - calls none of strcpy, strcat, sprintf, vsprintf, gets
  - has no trailing whitespace and no tab characters
Prints one line per problem and exits 1 when it finds any.
USAGE
    exit 0
    ;;
esac

CC=${CC:-cc}
status=0

for file in src/*.c tests/*.c; do
    $CC -std=c99 -Wall -Wextra -Wpedantic -Werror -fsyntax-only \
        -Isrc -Itests "$file" || status=1
done

banned='(^|[^[:alnum:]_])(strcpy|strcat|sprintf|vsprintf|gets)[[:space:]]*\('
if grep -nE "$banned" src/*.[ch] tests/*.[ch]; then
    echo "lint: banned string function (use snprintf and sized copies)"
    status=1
fi

if grep -nE '[[:space:]]+$' src/*.[ch] tests/*.[ch] tests/*.sh Makefile; then
    echo "lint: trailing whitespace"
    status=1
fi

tab=$(printf '\t')
if grep -n "$tab" src/*.[ch] tests/*.[ch]; then
    echo "lint: tab character (indent with four spaces)"
    status=1
fi

if [ "$status" -eq 0 ]; then
    echo "lint: ok"
fi
exit "$status"
