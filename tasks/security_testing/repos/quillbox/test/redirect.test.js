import assert from 'node:assert/strict';
import { test } from 'node:test';

import { FALLBACK, loginLink, safeNext } from '../src/redirect.js';

test('a path on this site is kept', () => {
  assert.equal(safeNext('/articles/harbour-dredging'), '/articles/harbour-dredging');
});

test('absolute URLs fall back to the front page', () => {
  assert.equal(safeNext('https://example.org/'), FALLBACK);
});

test('a missing next falls back to the front page', () => {
  assert.equal(safeNext(undefined), FALLBACK);
  assert.equal(safeNext(''), FALLBACK);
});

test('the login link carries the page', () => {
  assert.equal(loginLink('/articles/tides'), '/login?next=/articles/tides');
});
