import assert from 'node:assert';
import { test } from 'node:test';

import { defineColumns } from '../src/columns.js';
import { compareValues, nextSort, sortRows } from '../src/sort.js';
import { PEOPLE, PEOPLE_COLUMNS, ids } from './fixtures.js';

const columns = defineColumns(PEOPLE_COLUMNS);

test('compareValues orders numbers and strings', () => {
  assert.strictEqual(compareValues(1, 2), -1);
  assert.strictEqual(compareValues('b', 'a'), 1);
  assert.strictEqual(compareValues(3, 3), 0);
});

test('no sort keeps the original order in a copy', () => {
  const sorted = sortRows(PEOPLE, columns, null);
  assert.deepStrictEqual(ids(sorted), [1, 2, 3, 4, 5]);
  assert.notStrictEqual(sorted, PEOPLE);
});

test('sorts strings ascending and descending', () => {
  const up = sortRows(PEOPLE, columns, { key: 'name', direction: 'asc' });
  assert.deepStrictEqual(ids(up), [5, 2, 3, 1, 4]);
  const down = sortRows(PEOPLE, columns, { key: 'name', direction: 'desc' });
  assert.deepStrictEqual(ids(down), [4, 1, 3, 2, 5]);
});

test('missing values go last in both directions', () => {
  const up = sortRows(PEOPLE, columns, { key: 'salary', direction: 'asc' });
  assert.deepStrictEqual(ids(up), [4, 2, 1, 5, 3]);
  const down = sortRows(PEOPLE, columns, { key: 'salary', direction: 'desc' });
  assert.deepStrictEqual(ids(down), [5, 1, 2, 4, 3]);
});

test('sorts dates chronologically', () => {
  const up = sortRows(PEOPLE, columns, { key: 'joined', direction: 'asc' });
  assert.deepStrictEqual(ids(up), [2, 4, 1, 3, 5]);
});

test('equal keys keep their original order', () => {
  const up = sortRows(PEOPLE, columns, { key: 'team', direction: 'asc' });
  assert.deepStrictEqual(ids(up), [1, 3, 4, 2, 5]);
});

test('does not modify the input rows', () => {
  const rows = PEOPLE.slice();
  sortRows(rows, columns, { key: 'name', direction: 'asc' });
  assert.deepStrictEqual(ids(rows), [1, 2, 3, 4, 5]);
});

test('rejects unknown keys and directions', () => {
  assert.throws(
    () => sortRows(PEOPLE, columns, { key: 'age', direction: 'asc' }),
    /unknown column "age"/,
  );
  assert.throws(
    () => sortRows(PEOPLE, columns, { key: 'name', direction: 'up' }),
    /got "up"/,
  );
});

test('nextSort cycles ascending, descending, none', () => {
  const first = nextSort(null, 'name');
  assert.deepStrictEqual(first, { key: 'name', direction: 'asc' });
  const second = nextSort(first, 'name');
  assert.deepStrictEqual(second, { key: 'name', direction: 'desc' });
  assert.strictEqual(nextSort(second, 'name'), null);
  assert.deepStrictEqual(nextSort(second, 'team'), {
    key: 'team',
    direction: 'asc',
  });
});
