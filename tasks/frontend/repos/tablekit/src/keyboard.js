/**
 * Keyboard navigation state for the table body, following a roving
 * tabindex: exactly one cell is focusable (`tabindex="0"`) and the arrow
 * keys move that cell. The state is a plain `{ row, col }` pair of indexes
 * into the rows currently shown; the DOM layer only reads it.
 */

import { clamp } from './paginate.js';

export const NAVIGATION_KEYS = [
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
];

export const PAGE_STEP = 10;

export function initialFocus() {
  return { row: 0, col: 0 };
}

/** Keep a focus position inside a grid of `rows` x `cols` cells. */
export function clampFocus(focus, rows, cols) {
  return {
    row: clamp(focus.row, 0, Math.max(rows - 1, 0)),
    col: clamp(focus.col, 0, Math.max(cols - 1, 0)),
  };
}

/**
 * The focus after pressing `key`. Keys that do not navigate return the
 * same object, so callers can tell that nothing moved. `ctrlKey` turns
 * Home/End into jumps to the first/last cell of the grid.
 */
export function moveFocus(focus, key, size, { ctrlKey = false } = {}) {
  const { rows, cols } = size;
  let { row, col } = focus;
  switch (key) {
    case 'ArrowUp':
      row -= 1;
      break;
    case 'ArrowDown':
      row += 1;
      break;
    case 'ArrowLeft':
      col -= 1;
      if (col < 0) {
        col = cols - 1;
        row -= 1;
      }
      break;
    case 'ArrowRight':
      col += 1;
      if (col >= cols) {
        col = 0;
        row += 1;
      }
      break;
    case 'Home':
      col = 0;
      row = ctrlKey ? 0 : row;
      break;
    case 'End':
      col = cols - 1;
      row = ctrlKey ? rows - 1 : row;
      break;
    case 'PageUp':
      row -= PAGE_STEP;
      break;
    case 'PageDown':
      row += PAGE_STEP;
      break;
    default:
      return focus;
  }
  return clampFocus({ row, col }, rows, cols);
}

/** The `data-tk-cell` id of a focus position, as the renderer writes it. */
export function cellId(focus) {
  return `${focus.row}:${focus.col}`;
}
