import assert from 'node:assert';
import { test } from 'node:test';

import { PAGE_STEP, clampFocus, moveFocus } from '../src/keyboard.js';

const SIZE = { rows: 20, cols: 4 };

test('arrow keys move one cell', () => {
  const start = { row: 5, col: 1 };
  assert.deepStrictEqual(moveFocus(start, 'ArrowDown', SIZE), {
    row: 6,
    col: 1,
  });
  assert.deepStrictEqual(moveFocus(start, 'ArrowUp', SIZE), { row: 4, col: 1 });
  assert.deepStrictEqual(moveFocus(start, 'ArrowRight', SIZE), {
    row: 5,
    col: 2,
  });
  assert.deepStrictEqual(moveFocus(start, 'ArrowLeft', SIZE), {
    row: 5,
    col: 0,
  });
});

test('up and down stop at the first and last row', () => {
  assert.deepStrictEqual(moveFocus({ row: 0, col: 2 }, 'ArrowUp', SIZE), {
    row: 0,
    col: 2,
  });
  assert.deepStrictEqual(moveFocus({ row: 19, col: 2 }, 'ArrowDown', SIZE), {
    row: 19,
    col: 2,
  });
});

test('Home and End move within the row, or the grid with ctrl', () => {
  const start = { row: 7, col: 2 };
  assert.deepStrictEqual(moveFocus(start, 'Home', SIZE), { row: 7, col: 0 });
  assert.deepStrictEqual(moveFocus(start, 'End', SIZE), { row: 7, col: 3 });
  assert.deepStrictEqual(moveFocus(start, 'End', SIZE, { ctrlKey: true }), {
    row: 19,
    col: 3,
  });
});

test('PageUp and PageDown jump by PAGE_STEP rows, clamped', () => {
  const start = { row: 15, col: 0 };
  assert.strictEqual(moveFocus(start, 'PageUp', SIZE).row, 15 - PAGE_STEP);
  assert.strictEqual(moveFocus(start, 'PageDown', SIZE).row, 19);
});

test('other keys return the same focus object', () => {
  const start = { row: 1, col: 1 };
  assert.strictEqual(moveFocus(start, 'a', SIZE), start);
});

test('clampFocus keeps focus inside the grid, even an empty one', () => {
  assert.deepStrictEqual(clampFocus({ row: 4, col: 9 }, 0, 3), {
    row: 0,
    col: 2,
  });
});
