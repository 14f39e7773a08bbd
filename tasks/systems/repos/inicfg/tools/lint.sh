#!/bin/sh
# Lint: C files compile with warnings as errors, shell scripts parse with
# sh -n and stay POSIX sh (a #!/bin/sh line, no [[ or local: cfg-env runs
# under dash and busybox), and no file has trailing whitespace. One line
# per problem; exit 1 if there is any.
set -u
cd "$(dirname "$0")/.." || exit 2

CC=${CC:-cc}
FLAGS="-std=c99 -Wall -Wextra -Wpedantic -Werror -fsyntax-only"
FLAGS="$FLAGS -Iinclude -Itests -D_POSIX_C_SOURCE=200809L"
status=0
c_files=$(ls src/*.c tests/*.c)
sh_files="bin/cfg-env $(ls tests/*.sh tools/*.sh)"

for f in $c_files; do
    $CC $FLAGS "$f" || status=1
done
for f in $sh_files; do
    sh -n "$f" || status=1
    if [ "$(head -n 1 "$f")" != "#!/bin/sh" ]; then
        echo "$f:1: lint: shell scripts start with #!/bin/sh"
        status=1
    fi
done
if grep -nE '\[\[|^[[:space:]]*local[[:space:]]' bin/cfg-env tests/*.sh; then
    echo "lint: bash-only syntax in a POSIX sh script ([[ or local)"
    status=1
fi
if grep -nE '[[:space:]]+$' $c_files include/*.h tests/*.h $sh_files Makefile
then
    echo "lint: trailing whitespace"
    status=1
fi

if [ "$status" -eq 0 ]; then
    echo "lint: ok ($(echo $c_files $sh_files | wc -w) files)"
fi
exit "$status"
