# shellcheck shell=bash
# Retention for backup.sh: archives are NAME-YYYYmmddTHHMMSSZ.tar.gz, so names sort in time order.

# prune_backups DIR NAME KEEP: delete all but the KEEP newest NAME archives in DIR.
prune_backups() {
  local dir=$1 name=$2 keep=$3 old
  if [[ ! $keep =~ ^[0-9]+$ ]] || ((keep == 0)); then
    die "KEEP must be a positive integer, got '$keep'"
  fi
  while IFS= read -r old; do
    [[ -f $old ]] || continue
    rm -f -- "$old"
    log "pruned $old"
  done < <(printf '%s\n' "$dir/$name"-*.tar.gz | sort | head -n -"$keep")
}
