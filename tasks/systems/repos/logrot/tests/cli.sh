#!/bin/sh
# Command-line tests for logrot. Usage: sh tests/cli.sh path/to/logrot
set -u

LOGROT=${1:?usage: sh tests/cli.sh path/to/logrot}
case $LOGROT in
/*) ;;
*) LOGROT=$(pwd)/$LOGROT ;;
esac
WORK=$(mktemp -d "${TMPDIR:-/tmp}/logrot-cli.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1" >&2; }
size_of() { stat -c %s "$1"; }

# Each case runs in a fresh directory.
fresh() {
    rm -rf "$WORK/case"
    mkdir "$WORK/case"
    cd "$WORK/case" || exit 2
}

fresh
if "$LOGROT" --version | grep -q '^logrot [0-9]'; then
    pass
else
    fail "--version"
fi

fresh
printf 'twenty bytes of log\n' > app.log
if "$LOGROT" -s 10 app.log && [ -f app.log.1 ] && [ "$(size_of app.log)" -eq 0 ]
then
    pass
else
    fail "rotates a log over the size"
fi

fresh
printf 'small\n' > app.log
if "$LOGROT" -s 1k app.log && [ ! -e app.log.1 ]; then
    pass
else
    fail "leaves a log under the size alone"
fi

fresh
printf 'line\n' > app.log
out=$("$LOGROT" --dry-run -f app.log)
if [ "$out" = "dry-run: rename app.log -> app.log.1
dry-run: create app.log" ] && [ ! -e app.log.1 ]; then
    pass
else
    fail "--dry-run prints the plan and changes nothing"
fi

fresh
printf 'a\n' > app.log
"$LOGROT" -f -n 2 app.log
printf 'b\n' > app.log
"$LOGROT" -f -n 2 app.log
printf 'c\n' > app.log
"$LOGROT" -f -n 2 app.log
if [ "$(cat app.log.1)" = c ] && [ "$(cat app.log.2)" = b ] \
    && [ ! -e app.log.3 ]; then
    pass
else
    fail "-n keeps that many generations"
fi

fresh
printf 'twenty bytes of log\n' > app.log
exec 3>>app.log
"$LOGROT" -t -s 10 app.log
printf 'after\n' >&3
exec 3>&-
if [ "$(cat app.log)" = after ] && [ "$(cat app.log.1)" = "twenty bytes of log" ]
then
    pass
else
    fail "-t truncates in place, the writer keeps its file"
fi

fresh
printf 'over the limit\n' > app.log
printf 'untouched\n' > other.log
cat > logrot.conf <<CONF
size = 1M
[$WORK/case/app.log]
size = 4
CONF
if "$LOGROT" -c logrot.conf && [ -f app.log.1 ] && [ ! -e other.log.1 ]; then
    pass
else
    fail "-c rotates the logs of the config file"
fi

fresh
printf 'sise = 1M\n' > bad.conf
if "$LOGROT" -c bad.conf app.log 2>err.txt; then
    fail "a bad config is rejected"
elif grep -q "bad.conf:1: unknown key 'sise'" err.txt; then
    pass
else
    fail "a bad config error names the line"
fi

fresh
"$LOGROT" --no-such-option app.log 2>/dev/null
if [ $? -eq 2 ]; then
    pass
else
    fail "an unknown option exits 2"
fi

if [ "$failed" -ne 0 ]; then
    echo "cli: $passed passed, $failed failed"
    exit 1
fi
echo "cli: $passed passed"
