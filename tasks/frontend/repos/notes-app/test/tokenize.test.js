import { test } from 'node:test';
import assert from 'node:assert/strict';

import { tokenize, words } from '../src/lib/tokenize.js';

test('words lowercases and splits on anything but letters and digits', () => {
  assert.deepEqual(words('Team sync: Q3 plan, v2'), ['team', 'sync', 'q3', 'plan', 'v2']);
});

test('tokenize drops stop words', () => {
  assert.deepEqual(tokenize('The plan for the launch of v2'), ['plan', 'for', 'launch', 'v2']);
});

test('empty text has no tokens', () => {
  assert.deepEqual(tokenize('  -- '), []);
});
