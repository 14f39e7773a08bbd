import assert from 'node:assert';
import { test } from 'node:test';

import { pageCount, paginate, rowRange } from '../src/paginate.js';

const ROWS = Array.from({ length: 60 }, (_, index) => index);

test('pageCount rounds up and never returns zero', () => {
  assert.strictEqual(pageCount(60, 25), 3);
  assert.strictEqual(pageCount(50, 25), 2);
  assert.strictEqual(pageCount(0, 25), 1);
  assert.throws(() => pageCount(10, 0), RangeError);
});

test('paginate returns one page and the pager numbers', () => {
  const second = paginate(ROWS, 2, 25);
  assert.strictEqual(second.rows.length, 25);
  assert.strictEqual(second.rows[0], 25);
  assert.strictEqual(second.page, 2);
  assert.strictEqual(second.pageCount, 3);
  assert.strictEqual(second.total, 60);
});

test('the last page holds the remainder', () => {
  const last = paginate(ROWS, 3, 25);
  assert.deepStrictEqual(last.rows, ROWS.slice(50));
});

test('pages outside the range are clamped', () => {
  assert.strictEqual(paginate(ROWS, 0, 25).page, 1);
  assert.strictEqual(paginate(ROWS, 9, 25).page, 3);
  assert.deepStrictEqual(paginate([], 4, 25).rows, []);
});

test('rowRange gives a half-open range from start', () => {
  assert.deepStrictEqual(rowRange(100, 10, 20), { start: 10, end: 30 });
  assert.deepStrictEqual(rowRange(100, -5, 20), { start: 0, end: 20 });
});

test('rowRange covers the whole list when it is shorter than count', () => {
  assert.deepStrictEqual(rowRange(5, 2, 20), { start: 0, end: 5 });
  assert.deepStrictEqual(rowRange(0, 0, 20), { start: 0, end: 0 });
});
