#!/bin/sh
# Project lint: every C file compiles cleanly with warnings as errors, no
# unbounded string functions, the library never prints or exits (only
# kvtool does), no trailing whitespace, lines of at most 100 characters.
# Prints one line per problem; exits 1 if there is any.
set -u
cd "$(dirname "$0")/.." || exit 2

CC=${CC:-cc}
FLAGS="-std=c99 -Wall -Wextra -Wpedantic -Werror -fsyntax-only"
FLAGS="$FLAGS -Iinclude -Isrc -Itests -D_POSIX_C_SOURCE=200809L"
status=0
files=$(ls src/*.c src/*.h include/*.h tests/*.c tests/*.h)

for f in $files; do
    case $f in
    *.c) $CC $FLAGS "$f" || status=1 ;;
    esac
done

if grep -nE '\b(gets|strcpy|strcat|sprintf|vsprintf)[[:space:]]*\(' $files; then
    echo "lint: unbounded string function (use the bounded variant)"
    status=1
fi
lib=$(ls src/*.c | grep -v '^src/kvtool\.c$')
if grep -nE '(^|[^[:alnum:]_])(printf|fprintf|puts|perror|exit|abort)[[:space:]]*\(' $lib; then
    echo "lint: the library prints or exits (return a KV_E* status instead)"
    status=1
fi
if grep -nE '[[:space:]]+$' $files tests/*.sh tools/*.sh Makefile; then
    echo "lint: trailing whitespace"
    status=1
fi
if grep -nE '^.{101,}$' $files; then
    echo "lint: line longer than 100 characters"
    status=1
fi

if [ "$status" -eq 0 ]; then
    echo "lint: ok ($(echo $files | wc -w) files)"
fi
exit "$status"
