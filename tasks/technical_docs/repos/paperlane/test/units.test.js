import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_DPI, convert, formatLength, parseLength } from '../src/index.js';

describe('convert', () => {
  test('goes through millimetres', () => {
    assert.equal(convert(1, 'in', 'mm'), 25.4);
    assert.equal(convert(2.54, 'cm', 'in'), 1);
    assert.equal(convert(6, 'pc', 'in'), 1);
  });

  test('resolves pixels at 96 dpi unless told otherwise', () => {
    assert.equal(DEFAULT_DPI, 96);
    assert.equal(convert(1, 'in', 'px'), 96);
    assert.equal(convert(300, 'px', 'in', { dpi: 300 }), 1);
  });

  test('rejects unknown units and bad resolutions', () => {
    assert.throws(() => convert(1, 'inch', 'mm'), RangeError);
    assert.throws(() => convert(1, 'px', 'mm', { dpi: 0 }), /dpi must be a positive number/);
  });
});

describe('parseLength', () => {
  test('reads a number and a unit, with or without spaces', () => {
    assert.deepEqual(parseLength('210mm'), { value: 210, unit: 'mm' });
    assert.deepEqual(parseLength(' 8.5 in '), { value: 8.5, unit: 'in' });
    assert.deepEqual(parseLength('.5pt'), { value: 0.5, unit: 'pt' });
    assert.deepEqual(parseLength('-3mm'), { value: -3, unit: 'mm' });
  });

  test('refuses text that is not a length', () => {
    for (const text of ['', 'mm', '12', '12 inches', '1,5cm']) {
      assert.throws(() => parseLength(text), SyntaxError, text);
    }
  });
});

describe('formatLength', () => {
  test('rounds to two decimals and drops trailing zeros', () => {
    assert.equal(formatLength(8.267716, 'in'), '8.27in');
    assert.equal(formatLength(12.5, 'mm'), '12.5mm');
    assert.equal(formatLength(12, 'mm'), '12mm');
    assert.equal(formatLength(-0.001, 'mm'), '0mm');
  });

  test('takes a precision', () => {
    assert.equal(formatLength(1 / 3, 'in', { precision: 3 }), '0.333in');
  });

  test('rejects an unknown unit', () => {
    assert.throws(() => formatLength(1, 'inch'), RangeError);
  });
});
