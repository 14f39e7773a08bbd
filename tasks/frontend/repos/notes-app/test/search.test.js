import { test } from 'node:test';
import assert from 'node:assert/strict';

import { searchNotes } from '../src/lib/search.js';

const notes = [
  { id: 'groceries', title: 'Groceries', body: 'milk, eggs, flour', tags: [] },
  { id: 'launch-plan', title: 'Launch plan', body: 'Ship the beta in May', tags: ['work'] },
];

test('an empty query keeps every note', () => {
  assert.equal(searchNotes(notes, '  '), notes);
});

test('every term has to appear in the title or the body', () => {
  assert.deepEqual(searchNotes(notes, 'beta plan').map((note) => note.id), ['launch-plan']);
  assert.deepEqual(searchNotes(notes, 'beta milk'), []);
});

test('matching ignores case', () => {
  assert.deepEqual(searchNotes(notes, 'EGGS').map((note) => note.id), ['groceries']);
});
