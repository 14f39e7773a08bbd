import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { CommentStore } from '../src/store.js';

const fixed = () => new Date('2025-05-02T08:00:00Z');

test('new comments wait for moderation', () => {
  const store = new CommentStore({ now: fixed });
  const comment = store.add({ thread: 'tides', author: 'ines', body: 'Hello' });
  assert.deepEqual(comment, {
    id: 1, thread: 'tides', author: 'ines', body: 'Hello', status: 'pending',
    postedAt: '2025-05-02T08:00:00.000Z',
  });
  assert.deepEqual(store.list('tides'), []);
  assert.deepEqual(store.pending().map((c) => c.id), [1]);
});

test('approved comments are listed per thread', () => {
  const store = new CommentStore({ now: fixed });
  store.add({ thread: 'tides', author: 'ines', body: 'a' });
  store.add({ thread: 'ferries', author: 'ines', body: 'b' });
  store.setStatus(1, 'approved');
  store.setStatus(2, 'approved');
  assert.deepEqual(store.list('tides').map((c) => c.body), ['a']);
});

test('unknown statuses are refused', () => {
  const store = new CommentStore();
  store.add({ thread: 'tides', author: 'ines', body: 'a' });
  assert.throws(() => store.setStatus(1, 'deleted'), /unknown comment status "deleted"/);
  assert.equal(store.setStatus(99, 'hidden'), null);
});

test('comments survive a restart through the JSON file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quillbox-'));
  try {
    const file = join(dir, 'comments.json');
    new CommentStore({ file, now: fixed }).add({ thread: 'tides', author: 'ines', body: 'kept' });
    assert.equal(new CommentStore({ file }).get(1).body, 'kept');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
