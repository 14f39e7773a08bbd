# shellcheck shell=bash
# bin/release.sh against a throwaway repository.

test_minor_release_bumps_dates_commits_and_tags() {
  make_repo 1.2.3
  "$ROOT/bin/release.sh" minor
  assert_eq "$(cat VERSION)" 1.3.0
  assert_eq "$(git log -1 --format=%s)" "Release 1.3.0"
  assert_eq "$(git tag --list)" v1.3.0
  assert_eq "$(sed -n 3,5p CHANGELOG.md)" "## Unreleased

## 1.3.0 - $(date -u +%Y-%m-%d)"
  assert_eq "$(git status --porcelain)" ""
}

test_refuses_a_dirty_tree() {
  make_repo 1.2.3
  echo wip >>CHANGELOG.md
  run "$ROOT/bin/release.sh" patch
  assert_eq "$status" 1
  assert_contains "$output" "working tree is not clean"
  assert_eq "$(cat VERSION)" 1.2.3
}

test_refuses_another_branch() {
  make_repo 1.2.3
  git switch -q -c topic
  run "$ROOT/bin/release.sh" patch
  assert_eq "$status" 1
  assert_contains "$output" "releases are cut from main, not topic"
}

test_refuses_an_existing_tag() {
  make_repo 1.2.3
  git tag v1.2.4
  run "$ROOT/bin/release.sh" patch
  assert_eq "$status" 1
  assert_contains "$output" "tag v1.2.4 already exists"
  assert_eq "$(cat VERSION)" 1.2.3
}

test_usage_on_a_bad_argument() {
  run "$ROOT/bin/release.sh" biggest
  assert_eq "$status" 2
  assert_contains "$output" "Usage: release.sh major|minor|patch"
}
