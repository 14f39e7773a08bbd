#!/usr/bin/env bash
# Cut a release of the repository in the current directory: bump VERSION, date the
# CHANGELOG's Unreleased section, commit and tag. Pushing stays a manual step.
set -euo pipefail

DECKHAND_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DECKHAND_LOG_TAG=release
# shellcheck source=lib/common.sh
. "$DECKHAND_ROOT/lib/common.sh"
# shellcheck source=lib/semver.sh
. "$DECKHAND_ROOT/lib/semver.sh"

usage() {
  cat <<'USAGE'
Usage: release.sh major|minor|patch

Run from the root of a repository on main with a clean tree. Bumps VERSION, turns
"## Unreleased" in CHANGELOG.md into "## <version> - <date>" under a fresh Unreleased
heading, commits both files as "Release <version>" and creates the annotated tag v<version>.
USAGE
}

part=${1:-}
case $part in
  major | minor | patch) ;;
  -h | --help)
    usage
    exit 0
    ;;
  *)
    usage >&2
    exit 2
    ;;
esac

require_cmd git
[[ -f VERSION && -f CHANGELOG.md ]] || die "run from the root of a repository with VERSION and CHANGELOG.md"
[[ -z $(git status --porcelain) ]] || die "working tree is not clean"
branch=$(git rev-parse --abbrev-ref HEAD)
[[ $branch == main ]] || die "releases are cut from main, not $branch"
grep -q '^## Unreleased$' CHANGELOG.md || die "CHANGELOG.md has no '## Unreleased' section"

current=$(<VERSION)
next=$(semver_bump "$current" "$part")
if git rev-parse -q --verify "refs/tags/v$next" >/dev/null; then
  die "tag v$next already exists"
fi
today=$(date -u +%Y-%m-%d)

printf '%s\n' "$next" >VERSION
awk -v heading="## $next - $today" '
  !done && $0 == "## Unreleased" { print; print ""; print heading; done = 1; next }
  { print }
' CHANGELOG.md >CHANGELOG.md.tmp
mv CHANGELOG.md.tmp CHANGELOG.md

git add VERSION CHANGELOG.md
git commit -q -m "Release $next"
git tag -a "v$next" -m "Release $next"
log "released $current -> $next; push with: git push origin main v$next"
