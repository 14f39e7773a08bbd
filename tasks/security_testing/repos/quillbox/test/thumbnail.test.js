import assert from 'node:assert/strict';
import { test } from 'node:test';

import { makeThumbnail } from '../src/thumbnail.js';

function recorder() {
  const calls = [];
  const run = async (...args) => {
    calls.push(args);
    return { stdout: '', stderr: '' };
  };
  return { calls, run };
}

test('runs convert with a square crop of the default size', async () => {
  const { calls, run } = recorder();
  const out = await makeThumbnail('uploads/ines.png', 'avatars/ines.png', { run });
  assert.equal(out, 'avatars/ines.png');
  assert.equal(calls.length, 1);
  assert.match(calls[0][0], /^convert uploads\/ines\.png .*-extent 64x64 avatars\/ines\.png$/);
});

test('rejects sizes outside 16..512', async () => {
  const { calls, run } = recorder();
  await assert.rejects(makeThumbnail('a.png', 'b.png', { size: 2048, run }), /16 to 512, got 2048/);
  assert.equal(calls.length, 0);
});
