#!/bin/sh
# Tests of the inicfg command. Usage: sh tests/cli.sh PATH/TO/inicfg
set -u

INICFG=${1:?usage: cli.sh INICFG}
data=$(dirname "$0")/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0

# run NAME WANT_STATUS WANT_OUTPUT ARGS... (stdout and stderr together)
run() {
    name=$1 want_status=$2 want=$3
    shift 3
    got=$("$INICFG" "$@" 2>&1)
    status=$?
    if [ "$status" -eq "$want_status" ] && [ "$got" = "$want" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        printf 'FAIL %s: status %s, output:\n%s\n' "$name" "$status" "$got"
    fi
}

run "get a sectioned key" 0 "example.org" get "$data/app.ini" server.host
run "get a global key" 0 "demo" get "$data/app.ini" name
run "last value wins" 0 "8081" get "$data/app.ini" server.port
run "key with a space" 0 "5" get "$data/app.ini" "database.pool size"
run "missing key" 1 "" get "$data/app.ini" server.missing
run "list" 0 "name=demo
server.host=example.org
database.url=postgres://db.example.org/app
database.pool size=5
database.owner=o'brien
server.port=8081" list "$data/app.ini"
run "syntax error" 3 \
    "inicfg: $data/bad.ini:3: expected 'key = value' or '[section]'" \
    list "$data/bad.ini"
run "missing file" 3 "inicfg: $work/none.ini: No such file or directory" \
    get "$work/none.ini" a.b

cp "$data/app.ini" "$work/edit.ini"
run "set a new key" 0 "" set "$work/edit.ini" database.timeout 30
run "get the new key" 0 "30" get "$work/edit.ini" database.timeout
run "set replaces the current value" 0 "" set "$work/edit.ini" server.port 9
if grep -q '^; Settings used by the command-line tests.$' "$work/edit.ini"
then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL comments survive set: the comment line is gone"
fi
run "usage" 2 "usage: inicfg get FILE [SECTION.]KEY
       inicfg set FILE [SECTION.]KEY VALUE
       inicfg list FILE

KEY alone names a key before the first section. SECTION may contain
dots; the key is what follows the last one." frob

if [ "$fail" -gt 0 ]; then
    echo "cli: $pass passed, $fail failed"
    exit 1
fi
echo "cli: $pass passed"
