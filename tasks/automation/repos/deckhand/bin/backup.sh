#!/usr/bin/env bash
# Archive the configured paths into BACKUP_DIR, then prune old archives of the same name.
set -euo pipefail

DECKHAND_LOG_TAG=backup
# shellcheck source=lib/common.sh
. lib/common.sh
# shellcheck source=lib/rotate.sh
. lib/rotate.sh

usage() {
  cat <<'USAGE'
Usage: backup.sh --config FILE

FILE sets BACKUP_NAME, BACKUP_SOURCES (absolute paths, space separated), BACKUP_DIR and
KEEP (archives to keep, default 7); see etc/backup.conf.example. Writes
BACKUP_DIR/BACKUP_NAME-<UTC stamp>.tar.gz and deletes all but the KEEP newest.
USAGE
}

config=
while (($#)); do
  case $1 in
    --config)
      config=${2:-}
      shift 2 || die "--config needs a file"
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *)
      usage >&2
      exit 2
      ;;
  esac
done
[[ -n $config ]] || die "--config is required"

load_config "$config"
: "${BACKUP_NAME:?BACKUP_NAME is not set in $config}"
: "${BACKUP_SOURCES:?BACKUP_SOURCES is not set in $config}"
: "${BACKUP_DIR:?BACKUP_DIR is not set in $config}"
require_cmd tar gzip

read -ra sources <<<"$BACKUP_SOURCES"
for src in "${sources[@]}"; do
  [[ $src == /* ]] || die "BACKUP_SOURCES must be absolute paths: $src"
  [[ -e $src ]] || die "no such path: $src"
done

mkdir -p "$BACKUP_DIR"
archive="$BACKUP_DIR/$BACKUP_NAME-$(date -u +%Y%m%dT%H%M%SZ).tar.gz"
tar -C / -czf "$archive.partial" "${sources[@]#/}"
mv "$archive.partial" "$archive"
log "wrote $archive"

prune_backups "$BACKUP_DIR" "$BACKUP_NAME" "${KEEP:-7}"
