/**
 * Sorting. The sort state is `{ key, direction }` with direction `'asc'` or
 * `'desc'`, or `null` for the original order. Rows are never sorted in
 * place, and missing values (null, undefined, '') go last in both
 * directions.
 */

import { cellValue, findColumn } from './columns.js';

export const DIRECTIONS = ['asc', 'desc'];

function isMissing(value) {
  return value === null || value === undefined || value === '';
}

/** Order two present values of one column: negative, zero or positive. */
export function compareValues(a, b) {
  if (a === b) {
    return 0;
  }
  return a < b ? -1 : 1;
}

function compareRows(column, direction, left, right) {
  const a = cellValue(column, left);
  const b = cellValue(column, right);
  const aMissing = isMissing(a);
  const bMissing = isMissing(b);
  if (aMissing || bMissing) {
    return Number(aMissing) - Number(bMissing);
  }
  const order = compareValues(a, b);
  return direction === 'desc' ? -order : order;
}

/** Check a sort state; returns it unchanged or throws. */
export function validateSort(columns, sort) {
  if (sort === null) {
    return sort;
  }
  const column = findColumn(columns, sort.key);
  if (!column.sortable) {
    throw new Error(`column "${column.key}" is not sortable`);
  }
  if (!DIRECTIONS.includes(sort.direction)) {
    throw new Error(
      `sort direction must be "asc" or "desc", got "${sort.direction}"`,
    );
  }
  return sort;
}

/** A sorted copy of `rows`; equal keys keep their original order. */
export function sortRows(rows, columns, sort) {
  if (!sort) {
    return rows.slice();
  }
  validateSort(columns, sort);
  const column = findColumn(columns, sort.key);
  return rows
    .slice()
    .sort((left, right) => compareRows(column, sort.direction, left, right));
}

/**
 * The next sort state when a header is activated: ascending, then
 * descending, then back to the original order.
 */
export function nextSort(current, key) {
  if (!current || current.key !== key) {
    return { key, direction: 'asc' };
  }
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}
