#!/usr/bin/env bash
# Cut a kilnworks release: bump the version, date the changelog's Unreleased section, commit and
# tag. Pushing is left to the person running it.
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: scripts/release.sh major|minor|patch

Run from a clean checkout of main. Bumps the version (scripts/bump_version.py), renames
"## Unreleased" in CHANGELOG.md to "## <version> - <date>" with a fresh Unreleased section
above it, commits "Release <version>" and creates the annotated tag v<version>.
USAGE
}

die() {
  printf 'release: %s\n' "$*" >&2
  exit 1
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

cd "$(dirname "${BASH_SOURCE[0]}")/.."

branch=$(git rev-parse --abbrev-ref HEAD)
[[ $branch == main ]] || die "releases are cut from main, not $branch"
[[ -z $(git status --porcelain) ]] || die "working tree not clean"
grep -q '^## Unreleased' CHANGELOG.md || die "CHANGELOG.md has no '## Unreleased' section"
previous=$(git describe --tags --abbrev=0)

version=$(python3 scripts/bump_version.py "$part")
git rev-parse -q --verify "refs/tags/v$version" >/dev/null && die "tag v$version already exists"
today=$(date -u +%Y-%m-%d)

changelog=$(mktemp)
trap 'rm -f "$changelog"' EXIT
awk -v heading="## $version - $today" '
  !done && /^## Unreleased/ { print; print ""; print heading; done = 1; next }
  { print }
' CHANGELOG.md >"$changelog"
cat "$changelog" >CHANGELOG.md

git commit -qam "Release $version"
git tag -a "v$version" -m "kilnworks $version"
count=$(git rev-list --count "$previous..HEAD")
printf 'released %s (%s commits since %s); push with: git push --follow-tags\n' "$version" "$count" "$previous"
