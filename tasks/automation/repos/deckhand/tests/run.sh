#!/usr/bin/env bash
# deckhand's test runner: every test_* function of tests/test_*.sh (or of the files named on the
# command line) runs in its own subshell under `set -e`, inside a fresh temporary directory.
# Prints one PASS/FAIL line per test, the output of failing tests, and "N passed, M failed".
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
ROOT=$PWD
export ROOT

if (($#)); then
  files=("$@")
else
  files=(tests/test_*.sh)
fi

passed=0
failed=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

for file in "${files[@]}"; do
  [[ -f $file ]] || { echo "no such test file: $file" >&2; exit 2; }
  mapfile -t names < <(bash -c '. "$1"; declare -F' _ "$file" | awk '$3 ~ /^test_/ { print $3 }')
  for name in "${names[@]}"; do
    work=$(mktemp -d "$scratch/t.XXXXXX")
    (
      set -e
      cd "$work"
      # shellcheck source=tests/lib.sh
      . "$ROOT/tests/lib.sh"
      # shellcheck source=/dev/null
      . "$ROOT/$file"
      "$name"
    ) >"$work.out" 2>&1
    # Not `if ( ... ); then`: bash ignores set -e inside an if condition, even in a subshell.
    # shellcheck disable=SC2181
    if (($? == 0)); then
      passed=$((passed + 1))
      echo "PASS ${file#tests/}:$name"
    else
      failed=$((failed + 1))
      echo "FAIL ${file#tests/}:$name"
      sed 's/^/    /' "$work.out"
    fi
  done
done

echo "$passed passed, $failed failed"
((failed == 0))
