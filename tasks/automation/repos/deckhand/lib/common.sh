# shellcheck shell=bash
# Helpers every deckhand script sources: logging, errors and config files.

DECKHAND_LOG_TAG=${DECKHAND_LOG_TAG:-deckhand}

# log MESSAGE...: one timestamped line on stderr, which cron redirects into the job's log.
log() {
  printf '%s %s: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$DECKHAND_LOG_TAG" "$*" >&2
}

# die MESSAGE...: log the error and exit 1.
die() {
  log "error: $*"
  exit 1
}

# require_cmd CMD...: die unless every command is on PATH.
require_cmd() {
  local cmd
  for cmd in "$@"; do
    command -v "$cmd" >/dev/null 2>&1 || die "missing command: $cmd"
  done
}

# load_config FILE: source a config file that holds only KEY=value lines and comments.
load_config() {
  local file=$1
  [[ -r $file ]] || die "cannot read config $file"
  if grep -Evq '^[[:space:]]*(#.*)?$|^[A-Z_][A-Z0-9_]*=' "$file"; then
    die "config $file: only KEY=value lines and comments are allowed"
  fi
  # shellcheck source=/dev/null
  . "$file"
}
