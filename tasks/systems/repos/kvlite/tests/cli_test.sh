#!/bin/sh
# End-to-end tests of kvtool. Usage: sh tests/cli_test.sh PATH/TO/kvtool
set -u

KVTOOL=${1:?usage: cli_test.sh KVTOOL}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
db="$dir/test.kv"
passed=0
failed=0

# expect NAME WANT_STATUS WANT_OUTPUT COMMAND...
expect() {
    name=$1 want_status=$2 want_out=$3
    shift 3
    out=$("$@" 2>&1)
    status=$?
    if [ "$status" -eq "$want_status" ] && [ "$out" = "$want_out" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $name: status $status, output: $out"
    fi
}

expect "put creates the file" 0 "" "$KVTOOL" put "$db" user:1 alice
expect "get prints the value" 0 "alice" "$KVTOOL" get "$db" user:1
expect "get of a missing key" 1 "kvtool: $db: not found" \
    "$KVTOOL" get "$db" user:9
expect "overwrite" 0 "" "$KVTOOL" put "$db" user:1 alicia
expect "get after overwrite" 0 "alicia" "$KVTOOL" get "$db" user:1
"$KVTOOL" put "$db" user:2 bob
"$KVTOOL" put "$db" tmp:a 1
"$KVTOOL" put "$db" tmp:b 2
expect "list in file order" 0 "user:1
user:2
tmp:a
tmp:b" "$KVTOOL" list "$db"
expect "del" 0 "" "$KVTOOL" del "$db" user:2
expect "del of a missing key" 1 "kvtool: $db: not found" \
    "$KVTOOL" del "$db" user:2
expect "del --prefix" 0 "deleted 2 keys" "$KVTOOL" del "$db" --prefix tmp:
expect "list after deletes" 0 "user:1" "$KVTOOL" list "$db"
expect "stats" 0 "live keys   1
records     8
file bytes  132
live bytes  20" "$KVTOOL" stats "$db"
expect "get on a missing file" 3 "kvtool: $dir/none.kv: I/O error" \
    "$KVTOOL" get "$dir/none.kv" k
expect "unknown command" 2 "$("$KVTOOL" 2>&1)" "$KVTOOL" frob "$db"

if [ "$failed" -gt 0 ]; then
    echo "cli: $passed passed, $failed failed"
    exit 1
fi
echo "cli: $passed passed"
