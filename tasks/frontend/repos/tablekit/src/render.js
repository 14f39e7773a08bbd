/**
 * Rendering to HTML strings. The output is plain markup with `data-tk-*`
 * hooks; the page wires events to those hooks and re-renders on change
 * (see examples/index.html).
 */

import { cellValue } from './columns.js';
import { formatCell } from './format.js';
import { h } from './html.js';
import { cellId } from './keyboard.js';

const ARROW_UP = '\u25B2';
const ARROW_DOWN = '\u25BC';

function sortIndicator(column, sort) {
  if (!sort || sort.key !== column.key) {
    return '';
  }
  return sort.direction === 'asc' ? ` ${ARROW_UP}` : ` ${ARROW_DOWN}`;
}

function renderHeaderCell(column, sort) {
  const label = column.label + sortIndicator(column, sort);
  const content = column.sortable
    ? h('button', {
      type: 'button',
      class: 'tk-sort',
      'data-tk-sort': column.key,
    }, label)
    : label;
  return h('th', { class: `tk-${column.align}` }, content);
}

function renderHead(columns, sort) {
  const cells = columns.map((column) => renderHeaderCell(column, sort));
  return h('thead', null, h('tr', null, cells));
}

function renderCell(column, row, position, focus, locale) {
  const focused = Boolean(focus) && cellId(focus) === cellId(position);
  return h('td', {
    class: `tk-${column.align}`,
    'data-tk-cell': cellId(position),
    tabindex: focused ? '0' : '-1',
  }, formatCell(column, cellValue(column, row), locale));
}

function renderRow(row, rowIndex, columns, focus, locale) {
  const cells = columns.map((column, col) =>
    renderCell(column, row, { row: rowIndex, col }, focus, locale));
  return h('tr', { 'data-tk-row': rowIndex }, cells);
}

function renderBody(rows, columns, focus, locale) {
  if (rows.length === 0) {
    const empty = h('td', { colspan: columns.length }, 'No matching rows');
    return h('tbody', null, h('tr', { class: 'tk-empty' }, empty));
  }
  return h('tbody', null, rows.map((row, rowIndex) =>
    renderRow(row, rowIndex, columns, focus, locale)));
}

function renderPager(pager) {
  return h('div', { class: 'tk-pager' },
    h('button', {
      type: 'button',
      'data-tk-page': pager.page - 1,
      disabled: pager.page <= 1,
    }, '\u2039'),
    h('span', { class: 'tk-page' }, `${pager.page} / ${pager.pageCount}`),
    h('button', {
      type: 'button',
      'data-tk-page': pager.page + 1,
      disabled: pager.page >= pager.pageCount,
    }, '\u203A'));
}

/**
 * Render a table. `options.rows` are the rows to show (already sorted,
 * filtered and paged), `options.pager` the result of `paginate()` or null.
 */
export function renderTable(columns, options = {}) {
  const {
    rows = [],
    sort = null,
    focus = null,
    pager = null,
    locale,
  } = options;
  const table = h('table', { class: 'tk-table' },
    renderHead(columns, sort),
    renderBody(rows, columns, focus, locale));
  const showPager = pager !== null && pager.pageCount > 1;
  return String(h('div', { class: 'tk' },
    table, showPager ? renderPager(pager) : null));
}
