import assert from 'node:assert';
import { test } from 'node:test';

import { createTable } from '../src/table.js';
import { PEOPLE, PEOPLE_COLUMNS, ids } from './fixtures.js';

test('the view is filtered, sorted and paged', () => {
  const table = createTable(PEOPLE, PEOPLE_COLUMNS, { pageSize: 2 });
  table.setQuery('web');
  table.sortBy('name');
  const view = table.view();
  assert.deepStrictEqual(ids(view.rows), [5, 2]);
  assert.strictEqual(view.pageCount, 1);
});

test('sortBy cycles the direction of one column', () => {
  const table = createTable(PEOPLE, PEOPLE_COLUMNS);
  table.sortBy('salary');
  assert.deepStrictEqual(table.state.sort, {
    key: 'salary',
    direction: 'asc',
  });
  table.sortBy('salary');
  assert.strictEqual(table.state.sort.direction, 'desc');
  table.sortBy('salary');
  assert.strictEqual(table.state.sort, null);
});

test('a new query goes back to the first page', () => {
  const table = createTable(PEOPLE, PEOPLE_COLUMNS, { pageSize: 2 });
  table.setPage(3);
  assert.strictEqual(table.state.page, 3);
  table.setQuery('a');
  assert.strictEqual(table.state.page, 1);
});

test('setPage clamps to the pages that exist', () => {
  const table = createTable(PEOPLE, PEOPLE_COLUMNS, { pageSize: 2 });
  table.setPage(10);
  assert.strictEqual(table.state.page, 3);
});

test('handleKey moves focus and reports whether it moved', () => {
  const table = createTable(PEOPLE, PEOPLE_COLUMNS);
  assert.strictEqual(table.handleKey('ArrowDown'), true);
  assert.deepStrictEqual(table.state.focus, { row: 1, col: 0 });
  assert.strictEqual(table.handleKey('Home'), false);
  assert.strictEqual(table.handleKey('q'), false);
});

test('focus stays on a shown row when a filter shrinks the view', () => {
  const table = createTable(PEOPLE, PEOPLE_COLUMNS);
  table.handleKey('End', { ctrlKey: true });
  assert.deepStrictEqual(table.state.focus, { row: 4, col: 3 });
  table.setQuery('core');
  assert.deepStrictEqual(table.state.focus, { row: 1, col: 3 });
});

test('render produces the table markup for the current state', () => {
  const table = createTable(PEOPLE, PEOPLE_COLUMNS, { pageSize: 2 });
  table.sortBy('team');
  const html = table.render();
  assert.match(html, /^<div class="tk"><table class="tk-table">/);
  assert.match(html, /Team \u25B2/);
  assert.match(html, /<span class="tk-page">1 \/ 3<\/span>/);
});

test('state is a snapshot, not a live reference', () => {
  const table = createTable(PEOPLE, PEOPLE_COLUMNS);
  const before = table.state;
  before.focus.row = 3;
  assert.strictEqual(table.state.focus.row, 0);
});
