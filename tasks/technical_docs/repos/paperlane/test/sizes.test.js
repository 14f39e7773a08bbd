import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listSizes, paperNames, paperSize } from '../src/index.js';

test('paperSize returns the portrait size in millimetres by default', () => {
  assert.deepEqual(paperSize('A4'), { name: 'A4', width: 210, height: 297, unit: 'mm' });
});

test('paperSize ignores the case of the name and swaps sides for landscape', () => {
  assert.deepEqual(paperSize('tabloid', { orientation: 'landscape' }),
    { name: 'Tabloid', width: 431.8, height: 279.4, unit: 'mm' });
});

test('paperSize converts to the unit asked for', () => {
  const letter = paperSize('Letter', { unit: 'in' });
  assert.equal(letter.width, 8.5);
  assert.equal(letter.height, 11);
  assert.equal(paperSize('A4', { unit: 'px', dpi: 254 }).width, 2100);
});

test('paperSize rejects unknown names and orientations', () => {
  assert.throws(() => paperSize('A0'), /unknown paper size "A0"/);
  assert.throws(() => paperSize('A4', { orientation: 'sideways' }), RangeError);
});

test('paperNames lists every format and listSizes is its deprecated alias', () => {
  const names = paperNames();
  assert.equal(names.length, 9);
  for (const name of names) assert.equal(paperSize(name).name, name);
  assert.deepEqual(listSizes(), names);
  names.pop();
  assert.equal(paperNames().length, 9);
});
