import assert from 'node:assert';
import { test } from 'node:test';

import { defineColumns } from '../src/columns.js';
import { paginate } from '../src/paginate.js';
import { renderTable } from '../src/render.js';
import { PEOPLE, PEOPLE_COLUMNS } from './fixtures.js';

const columns = defineColumns(PEOPLE_COLUMNS);

test('renders a header cell per column with sort buttons', () => {
  const html = renderTable(columns, { rows: PEOPLE });
  assert.match(html, /<button type="button" class="tk-sort" data-tk-sort="n/);
  assert.match(html, /data-tk-sort="salary">Salary<\/button>/);
  assert.strictEqual(html.match(/<th /g).length, 4);
});

test('the sorted column shows its direction', () => {
  const sort = { key: 'name', direction: 'desc' };
  const html = renderTable(columns, { rows: PEOPLE, sort });
  assert.match(html, /data-tk-sort="name">Name \u25BC</);
});

test('columns that cannot sort have a plain label', () => {
  const plain = defineColumns([{ key: 'name', sortable: false }]);
  const html = renderTable(plain, { rows: PEOPLE });
  assert.match(html, /<th[^>]*>Name<\/th>/);
});

test('cells are formatted and escaped', () => {
  const rows = [{ name: '<script>', team: 'A', joined: null, salary: 10 }];
  const html = renderTable(columns, { rows });
  assert.match(html, />&lt;script&gt;</);
  assert.match(html, />\u2014</);
  assert.match(html, />€10.00</);
});

test('exactly the focused cell is in the tab order', () => {
  const focus = { row: 1, col: 2 };
  const html = renderTable(columns, { rows: PEOPLE, focus });
  assert.strictEqual(html.match(/tabindex="0"/g).length, 1);
  assert.match(html, /data-tk-cell="1:2" tabindex="0"/);
});

test('an empty table says so across all columns', () => {
  const html = renderTable(columns, { rows: [] });
  assert.match(html, /<td colspan="4">No matching rows<\/td>/);
});

test('the pager appears only with more than one page', () => {
  const rows = Array.from({ length: 30 }, (_, id) => ({ name: `n${id}` }));
  const pager = paginate(rows, 1, 25);
  const html = renderTable(columns, { rows: pager.rows, pager });
  assert.match(html, /<span class="tk-page">1 \/ 2<\/span>/);
  assert.match(html, /data-tk-page="0" disabled/);
  const single = paginate(PEOPLE, 1, 25);
  assert.doesNotMatch(renderTable(columns, { pager: single }), /tk-pager/);
});
