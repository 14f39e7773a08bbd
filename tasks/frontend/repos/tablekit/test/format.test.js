import assert from 'node:assert';
import { test } from 'node:test';

import { defineColumns } from '../src/columns.js';
import {
  MISSING,
  formatCell,
  formatCurrency,
  formatDate,
  formatNumber,
} from '../src/format.js';

test('numbers use the locale separators', () => {
  assert.strictEqual(formatNumber(1234.5), '1,234.5');
  assert.strictEqual(formatNumber(1234.5, 'de-DE'), '1.234,5');
  assert.strictEqual(formatNumber(2 / 3, 'en-US', 3), '0.667');
});

test('currency follows the column currency', () => {
  assert.strictEqual(formatCurrency(5, 'USD'), '$5.00');
  assert.strictEqual(formatCurrency(1500, 'EUR', 'de-DE'), '1.500,00\u00a0€');
});

test('dates are formatted in UTC', () => {
  const date = new Date('2024-03-01T00:30:00Z');
  assert.strictEqual(formatDate(date), 'Mar 1, 2024');
});

test('formatCell picks the formatter from the column', () => {
  const [count, price, done, name] = defineColumns([
    { key: 'count', type: 'number' },
    { key: 'price', type: 'currency', currency: 'GBP' },
    { key: 'done', type: 'boolean' },
    'name',
  ]);
  assert.strictEqual(formatCell(count, 1e6), '1,000,000');
  assert.strictEqual(formatCell(price, 3.5), '£3.50');
  assert.strictEqual(formatCell(done, false), 'No');
  assert.strictEqual(formatCell(name, 'Ada'), 'Ada');
});

test('missing values show as a dash', () => {
  const [name] = defineColumns(['name']);
  assert.strictEqual(formatCell(name, null), MISSING);
  assert.strictEqual(formatCell(name, ''), MISSING);
});

test('a column format function wins over the type', () => {
  const [score] = defineColumns([
    { key: 'score', type: 'number', format: (value) => `${value} pts` },
  ]);
  assert.strictEqual(formatCell(score, 12), '12 pts');
});
