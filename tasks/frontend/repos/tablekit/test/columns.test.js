import assert from 'node:assert';
import { test } from 'node:test';

import { cellValue, defineColumns, findColumn } from '../src/columns.js';

test('string specs become full column definitions', () => {
  const [column] = defineColumns(['startDate']);
  assert.strictEqual(column.key, 'startDate');
  assert.strictEqual(column.label, 'Start Date');
  assert.strictEqual(column.type, 'string');
  assert.strictEqual(column.align, 'left');
  assert.strictEqual(column.sortable, true);
});

test('numeric columns align right unless told otherwise', () => {
  const [amount, count] = defineColumns([
    { key: 'amount', type: 'currency' },
    { key: 'count', type: 'number', align: 'center' },
  ]);
  assert.strictEqual(amount.align, 'right');
  assert.strictEqual(count.align, 'center');
});

test('date columns read strings as dates and bad dates as missing', () => {
  const [joined] = defineColumns([{ key: 'joined', type: 'date' }]);
  const date = cellValue(joined, { joined: '2024-02-29' });
  assert.ok(date instanceof Date);
  assert.strictEqual(date.toISOString(), '2024-02-29T00:00:00.000Z');
  assert.strictEqual(cellValue(joined, { joined: 'not a date' }), null);
  assert.strictEqual(cellValue(joined, {}), null);
});

test('custom accessors are used for values', () => {
  const [full] = defineColumns([
    { key: 'full', accessor: (row) => `${row.first} ${row.last}` },
  ]);
  assert.strictEqual(cellValue(full, { first: 'Ada', last: 'L' }), 'Ada L');
});

test('bad column definitions are rejected', () => {
  assert.throws(() => defineColumns([]), TypeError);
  assert.throws(() => defineColumns([{ label: 'x' }]), /non-empty string/);
  assert.throws(() => defineColumns(['a', 'a']), /duplicate column key "a"/);
  assert.throws(
    () => defineColumns([{ key: 'a', type: 'money' }]),
    /unknown type "money"/,
  );
});

test('findColumn names the known keys when it fails', () => {
  const columns = defineColumns(['a', 'b']);
  assert.strictEqual(findColumn(columns, 'b').key, 'b');
  assert.throws(() => findColumn(columns, 'c'), /columns: a, b/);
});
