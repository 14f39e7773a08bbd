/**
 * Filtering. A query is free text matched case-insensitively against every
 * filterable column; `key:text` tokens narrow a token to one column. All
 * tokens must match (AND).
 */

import { cellValue, findColumn } from './columns.js';

function searchText(column, row) {
  const value = cellValue(column, row);
  if (value === null || value === undefined) {
    return '';
  }
  if (value instanceof Date) {
    return value.toISOString().slice(0, 10);
  }
  return String(value).toLowerCase();
}

/** Split a query into `{ key, text }` tokens; `key` is null for any column. */
export function parseQuery(query) {
  return String(query ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      const match = /^([\w-]+):(.+)$/.exec(token);
      return match
        ? { key: match[1], text: match[2].toLowerCase() }
        : { key: null, text: token.toLowerCase() };
    });
}

function tokenMatches(token, row, columns) {
  if (token.key !== null) {
    const column = findColumn(columns, token.key);
    return searchText(column, row).includes(token.text);
  }
  return columns.some(
    (column) =>
      column.filterable && searchText(column, row).includes(token.text),
  );
}

/** Rows matching every token of `query`, in their original order. */
export function filterRows(rows, columns, query) {
  const tokens = parseQuery(query);
  if (tokens.length === 0) {
    return rows.slice();
  }
  return rows.filter((row) =>
    tokens.every((token) => tokenMatches(token, row, columns)),
  );
}
