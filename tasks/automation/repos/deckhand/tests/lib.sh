# shellcheck shell=bash
# Assertions and fixtures for tests/test_*.sh; tests/run.sh sources this into every test.

# Hermetic git: no user or system config, a fixed identity.
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=deckhand-tests GIT_AUTHOR_EMAIL=tests@deckhand.invalid
export GIT_COMMITTER_NAME=deckhand-tests GIT_COMMITTER_EMAIL=tests@deckhand.invalid

fail() {
  echo "assertion failed: $*" >&2
  exit 1
}

assert_eq() {
  [[ $1 == "$2" ]] || fail "expected '$2', got '$1'${3:+ ($3)}"
}

assert_contains() {
  [[ $1 == *"$2"* ]] || fail "expected output containing '$2', got: $1"
}

assert_file() {
  [[ -f $1 ]] || fail "missing file $1"
}

assert_no_file() {
  [[ ! -e $1 ]] || fail "unexpected file $1"
}

# run CMD...: run a command that may fail; sets $status and $output (stdout and stderr).
# shellcheck disable=SC2034
run() {
  set +e
  output=$("$@" 2>&1)
  status=$?
  set -e
}

# make_repo VERSION: a git repository on main in ./repo with VERSION and a CHANGELOG, cd into it.
make_repo() {
  git init -q -b main repo
  cd repo
  printf '%s\n' "$1" >VERSION
  printf '# Changelog\n\n## Unreleased\n\n- Faster widgets.\n\n## %s - 2025-01-02\n\n- First.\n' "$1" >CHANGELOG.md
  git add VERSION CHANGELOG.md
  git commit -q -m "Start"
}
