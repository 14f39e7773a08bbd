# shellcheck shell=bash
# semver_bump: the version arithmetic behind release.sh.

. "$ROOT/lib/common.sh"
. "$ROOT/lib/semver.sh"

test_bumps_each_part() {
  assert_eq "$(semver_bump 1.4.2 patch)" 1.4.3
  assert_eq "$(semver_bump 1.4.2 minor)" 1.5.0
  assert_eq "$(semver_bump 1.4.2 major)" 2.0.0
}

test_bumps_past_nine() {
  assert_eq "$(semver_bump 0.9.9 patch)" 0.9.10
  assert_eq "$(semver_bump 0.9.10 minor)" 0.10.0
}

test_rejects_a_version_with_a_suffix() {
  run semver_bump 1.4.2-rc1 patch
  assert_eq "$status" 1
  assert_contains "$output" "not a version: '1.4.2-rc1'"
}

test_rejects_an_unknown_part() {
  run semver_bump 1.4.2 micro
  assert_eq "$status" 1
  assert_contains "$output" "unknown version part"
}
