// The ops consoles: seeded on first use, every call logged in `requests`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const state = mkdtempSync(join(tmpdir(), 'parcelpost-ops-'));
after(() => rmSync(state, { recursive: true, force: true }));

function ops(tool, ...args) {
  const python = process.env.PYTHON ?? 'python3';
  const run = spawnSync(python, [`ops/${tool}.py`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PARCELPOST_SERVICES: state },
  });
  return { code: run.status, out: run.stdout + run.stderr };
}

test('flags: set prints the change and rollback restores it', () => {
  const raised = ops('flags', 'set', 'express_saturday', 'production', '10', '--reason', 'test');
  assert.match(raised.out, /express_saturday in production: 0% -> 10%/);
  const undone = ops('flags', 'rollback', 'express_saturday', 'production', '--reason', 'test');
  assert.match(undone.out, /10% -> 0%/);
  assert.equal(ops('flags', 'set', 'nope', 'staging', '5', '--reason', 'x').code, 1);
});

test('tracker: create, comment and close', () => {
  const made = ops('tracker', 'create', '--title', 'Test', '--body', 'body', '--component', 'api');
  const id = /created (PARCEL-\d+)/.exec(made.out)[1];
  assert.match(ops('tracker', 'comment', id, 'a note').out, /noted on/);
  assert.match(ops('tracker', 'close', id).out, /closed/);
  assert.match(ops('tracker', 'search', 'locker').out, /PARCEL-41/);
});

test('metrics and dbq answer from their seeds', () => {
  assert.match(ops('metrics', 'query', 'track.not_found_pct', '--window', '1h').out, /4 points/);
  assert.match(ops('dbq', 'SELECT count(*) AS n FROM parcels').out, /64/);
  assert.equal(ops('dbq', 'SELECT nope FROM parcels').code, 1);
});
