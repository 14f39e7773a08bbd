# shellcheck shell=bash
# bin/backup.sh and the retention in lib/rotate.sh.

. "$ROOT/lib/common.sh"
. "$ROOT/lib/rotate.sh"

# write_config KEEP: sources under ./src, archives into ./backups, config in ./backup.conf.
write_config() {
  mkdir -p src/uploads
  echo "invoice" >src/uploads/a.pdf
  echo "db" >src/tally.db
  cat >backup.conf <<CONF
BACKUP_NAME=tally
BACKUP_SOURCES="$PWD/src/uploads $PWD/src/tally.db"
BACKUP_DIR=$PWD/backups
KEEP=$1
CONF
}

test_backup_writes_an_archive_of_the_sources() {
  write_config 3
  local conf=$PWD/backup.conf
  (cd "$ROOT" && bin/backup.sh --config "$conf")
  local archives=(backups/tally-*.tar.gz)
  assert_eq "${#archives[@]}" 1
  assert_contains "$(tar -tzf "${archives[0]}")" "src/uploads/a.pdf"
  assert_no_file "${archives[0]}.partial"
}

test_backup_refuses_a_relative_source() {
  write_config 3
  sed 's|^BACKUP_SOURCES=.*|BACKUP_SOURCES="src/uploads"|' backup.conf >relative.conf
  local conf=$PWD/relative.conf
  run bash -c 'cd "$1" && bin/backup.sh --config "$2"' _ "$ROOT" "$conf"
  assert_eq "$status" 1
  assert_contains "$output" "BACKUP_SOURCES must be absolute paths: src/uploads"
}

test_config_with_a_command_is_refused() {
  printf 'BACKUP_NAME=tally\nrm -rf /srv\n' >evil.conf
  run load_config evil.conf
  assert_eq "$status" 1
  assert_contains "$output" "only KEY=value lines and comments are allowed"
}

test_prune_keeps_the_newest() {
  mkdir backups
  local day
  for day in 01 02 03 04 05; do
    touch "backups/tally-202503${day}T023000Z.tar.gz"
  done
  prune_backups backups tally 2 2>/dev/null
  assert_eq "$(ls backups)" "tally-20250304T023000Z.tar.gz
tally-20250305T023000Z.tar.gz"
}

test_prune_with_fewer_archives_than_keep() {
  mkdir backups
  touch backups/tally-20250301T023000Z.tar.gz
  prune_backups backups tally 7 2>/dev/null
  assert_file backups/tally-20250301T023000Z.tar.gz
}

test_prune_rejects_a_bad_keep() {
  run prune_backups backups tally 0
  assert_eq "$status" 1
  assert_contains "$output" "KEEP must be a positive integer, got '0'"
}
