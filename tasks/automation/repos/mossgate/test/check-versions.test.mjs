import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { findDrift } from '../scripts/check-versions.mjs';
import { listPackages } from '../scripts/lib/workspace.mjs';

function workspace(t, manifests) {
  const root = mkdtempSync(join(tmpdir(), 'mossgate-ws-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const [dir, manifest] of Object.entries(manifests)) {
    mkdirSync(join(root, 'packages', dir), { recursive: true });
    writeFileSync(join(root, 'packages', dir, 'package.json'), JSON.stringify(manifest));
  }
  return root;
}

test('listPackages reads every manifest under packages/', (t) => {
  const root = workspace(t, {
    b: { name: '@x/b', version: '1.0.0', dependencies: { '@x/a': '^1.0.0' } },
    a: { name: '@x/a', version: '1.1.0' },
  });
  assert.deepEqual(listPackages(root).map((pkg) => [pkg.dir, pkg.name, pkg.dependencies]), [
    ['a', '@x/a', {}],
    ['b', '@x/b', { '@x/a': '^1.0.0' }],
  ]);
});

test('findDrift reports a sibling range that no longer accepts the sibling', () => {
  const drift = findDrift([
    { name: '@x/a', version: '2.0.0', dependencies: {} },
    { name: '@x/b', version: '1.0.0', dependencies: { '@x/a': '^1.4.0', leftpad: '^9.0.0' } },
  ]);
  assert.deepEqual(drift, [{ package: '@x/b', dependency: '@x/a', range: '^1.4.0', current: '2.0.0' }]);
});

test('findDrift is empty when every range matches', () => {
  assert.deepEqual(findDrift([
    { name: '@x/a', version: '1.4.2', dependencies: {} },
    { name: '@x/b', version: '1.0.0', dependencies: { '@x/a': '^1.4.0' } },
  ]), []);
});
