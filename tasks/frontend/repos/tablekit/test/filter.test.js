import assert from 'node:assert';
import { test } from 'node:test';

import { defineColumns } from '../src/columns.js';
import { filterRows, parseQuery } from '../src/filter.js';
import { PEOPLE, PEOPLE_COLUMNS, ids } from './fixtures.js';

const columns = defineColumns(PEOPLE_COLUMNS);

test('parseQuery splits free text and key:text tokens', () => {
  assert.deepStrictEqual(parseQuery('  Core  team:WEB '), [
    { key: null, text: 'core' },
    { key: 'team', text: 'web' },
  ]);
  assert.deepStrictEqual(parseQuery(''), []);
  assert.deepStrictEqual(parseQuery(undefined), []);
});

test('free text matches any filterable column, case-insensitively', () => {
  assert.deepStrictEqual(ids(filterRows(PEOPLE, columns, 'core')), [1, 3]);
  assert.deepStrictEqual(ids(filterRows(PEOPLE, columns, 'LENA')), [3]);
});

test('dates match by their ISO day', () => {
  assert.deepStrictEqual(ids(filterRows(PEOPLE, columns, '2020-01')), [4]);
});

test('every token must match', () => {
  const rows = filterRows(PEOPLE, columns, 'team:web ada');
  assert.deepStrictEqual(ids(rows), [5]);
});

test('an empty query returns a copy of all rows', () => {
  const rows = filterRows(PEOPLE, columns, '   ');
  assert.deepStrictEqual(ids(rows), [1, 2, 3, 4, 5]);
  assert.notStrictEqual(rows, PEOPLE);
});

test('columns marked filterable: false are skipped by free text', () => {
  const hidden = defineColumns([
    'name',
    { key: 'team', filterable: false },
  ]);
  assert.deepStrictEqual(ids(filterRows(PEOPLE, hidden, 'data')), []);
  assert.deepStrictEqual(ids(filterRows(PEOPLE, hidden, 'team:data')), [4]);
});
