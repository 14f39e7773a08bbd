import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareVersions, parseVersion, satisfies } from '../scripts/lib/semver.mjs';

test('parseVersion refuses anything but MAJOR.MINOR.PATCH', () => {
  assert.equal(parseVersion('1.2.3'), '1.2.3');
  assert.throws(() => parseVersion('1.2'), /not a version: "1.2"/);
});

test('compareVersions orders patch, minor and major', () => {
  assert.equal(compareVersions('1.2.3', '1.2.4'), -1);
  assert.equal(compareVersions('1.3.0', '1.2.9'), 1);
  assert.equal(compareVersions('2.0.0', '2.0.0'), 0);
});

test('caret ranges stay inside the major version', () => {
  assert.ok(satisfies('1.9.2', '^1.8.0'));
  assert.ok(!satisfies('2.0.0', '^1.8.0'));
  assert.ok(!satisfies('1.7.9', '^1.8.0'));
});

test('tilde ranges stay inside the minor version, bare ranges are exact', () => {
  assert.ok(satisfies('0.6.3', '~0.6.0'));
  assert.ok(!satisfies('0.7.0', '~0.6.0'));
  assert.ok(satisfies('1.0.0', '1.0.0'));
  assert.ok(!satisfies('1.0.1', '1.0.0'));
});
