import { test } from 'node:test';
import assert from 'node:assert/strict';

import { createRouter, formatHash, parseHash } from '../src/lib/router.js';

function fakeWindow(hash = '') {
  const listeners = new Set();
  return {
    location: { hash },
    addEventListener: (type, listener) => listeners.add(listener),
    removeEventListener: (type, listener) => listeners.delete(listener),
    go(nextHash) {
      this.location.hash = nextHash;
      for (const listener of listeners) listener();
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}

test('parseHash recognises the app routes', () => {
  assert.deepEqual(parseHash(''), { name: 'home', params: {} });
  assert.deepEqual(parseHash('#/'), { name: 'home', params: {} });
  assert.deepEqual(parseHash('#/notes/plan'), { name: 'note', params: { id: 'plan' } });
  assert.deepEqual(parseHash('#/tags/work'), { name: 'tag', params: { tag: 'work' } });
});

test('formatHash is the inverse of parseHash', () => {
  for (const hash of ['#/', '#/notes/plan', '#/tags/work']) {
    assert.equal(formatHash(parseHash(hash)), hash);
  }
});

test('the router starts from the current hash and follows hash changes', () => {
  const win = fakeWindow('#/notes/plan');
  const router = createRouter(win);
  const seen = [];
  router.subscribe((route) => seen.push(route.name));
  const stop = router.start();
  win.go('#/tags/work');
  win.go('#/');
  stop();
  assert.deepEqual(seen, ['tag', 'home']);
  assert.equal(win.listenerCount, 0);
});

test('navigate writes the hash', () => {
  const win = fakeWindow('#/');
  const router = createRouter(win);
  router.navigate({ name: 'note', params: { id: 'plan' } });
  assert.equal(win.location.hash, '#/notes/plan');
});
