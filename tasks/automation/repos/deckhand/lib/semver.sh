# shellcheck shell=bash
# Version arithmetic for release.sh. Versions are MAJOR.MINOR.PATCH, no pre-release suffixes.

# semver_bump VERSION PART: print VERSION with PART (major, minor or patch) bumped.
semver_bump() {
  local version=$1 part=$2 major minor patch
  [[ $version =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || die "not a version: '$version'"
  major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]} patch=${BASH_REMATCH[3]}
  case $part in
    major) printf '%d.0.0\n' $((major + 1)) ;;
    minor) printf '%d.%d.0\n' "$major" $((minor + 1)) ;;
    patch) printf '%d.%d.%d\n' "$major" "$minor" $((patch + 1)) ;;
    *) die "unknown version part: '$part' (major, minor or patch)" ;;
  esac
}
