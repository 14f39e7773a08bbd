#!/bin/sh
# Tests of bin/cfg-env. Usage: INICFG=PATH/TO/inicfg sh tests/cfg_env.sh
set -u

: "${INICFG:?set INICFG to the inicfg binary}"
export INICFG
top=$(cd "$(dirname "$0")/.." && pwd)
cfg_env="$top/bin/cfg-env"
data="$top/tests/data"
pass=0
fail=0

# check NAME WANT_STATUS WANT_OUTPUT ARGS...
check() {
    name=$1 want_status=$2 want=$3
    shift 3
    got=$(sh "$cfg_env" "$@" 2>&1)
    status=$?
    if [ "$status" -eq "$want_status" ] && [ "$got" = "$want" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        printf 'FAIL %s: status %s, output:\n%s\n' "$name" "$status" "$got"
    fi
}

check "all sections" 0 "export NAME='demo'
export SERVER_HOST='example.org'
export DATABASE_URL='postgres://db.example.org/app'
export DATABASE_POOL_SIZE='5'
export DATABASE_OWNER='o'\\''brien'
export SERVER_PORT='8081'" "$data/app.ini"
check "one section" 0 "export SERVER_HOST='example.org'
export SERVER_PORT='8081'" "$data/app.ini" server
check "no arguments" 2 "usage: cfg-env FILE [SECTION...]"
check "parse errors pass through" 3 \
    "inicfg: $data/bad.ini:3: expected 'key = value' or '[section]'" \
    "$data/bad.ini"

# the exports must be valid shell that reproduces the values
eval "$(sh "$cfg_env" "$data/app.ini" database)"
if [ "$DATABASE_OWNER" = "o'brien" ] && [ "$DATABASE_POOL_SIZE" = 5 ]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL eval: DATABASE_OWNER=$DATABASE_OWNER"
fi

if [ "$fail" -gt 0 ]; then
    echo "cfg-env: $pass passed, $fail failed"
    exit 1
fi
echo "cfg-env: $pass passed"
