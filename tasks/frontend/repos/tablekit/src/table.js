/**
 * `createTable()` ties the pieces together: it owns the table state (sort,
 * filter, page, focus) and derives the visible rows from it. It never
 * touches the DOM, so the same object drives a page or a test.
 */

import { defineColumns } from './columns.js';
import { filterRows } from './filter.js';
import { initialFocus, clampFocus, moveFocus } from './keyboard.js';
import { DEFAULT_PAGE_SIZE, paginate } from './paginate.js';
import { renderTable } from './render.js';
import { nextSort, sortRows, validateSort } from './sort.js';

export function createTable(rows, columnSpecs, options = {}) {
  const columns = defineColumns(columnSpecs);
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const locale = options.locale;
  const state = {
    sort: validateSort(columns, options.sort ?? null),
    query: '',
    page: 1,
    focus: initialFocus(),
  };

  function view() {
    const matching = filterRows(rows, columns, state.query);
    return paginate(sortRows(matching, columns, state.sort), state.page,
      pageSize);
  }

  function keepFocusInView() {
    const shown = view().rows.length;
    state.focus = clampFocus(state.focus, shown, columns.length);
  }

  return {
    columns,
    get state() {
      return { ...state, focus: { ...state.focus } };
    },
    view,
    sortBy(key) {
      state.sort = validateSort(columns, nextSort(state.sort, key));
      keepFocusInView();
    },
    setQuery(query) {
      state.query = query;
      state.page = 1;
      keepFocusInView();
    },
    setPage(page) {
      state.page = page;
      state.page = view().page;
      keepFocusInView();
    },
    /** Handle a key press; returns true when the focus moved. */
    handleKey(key, modifiers = {}) {
      const size = { rows: view().rows.length, cols: columns.length };
      const next = moveFocus(state.focus, key, size, modifiers);
      const moved = next.row !== state.focus.row ||
        next.col !== state.focus.col;
      state.focus = next;
      return moved;
    },
    render() {
      const pager = view();
      return renderTable(columns, {
        rows: pager.rows,
        sort: state.sort,
        focus: state.focus,
        pager,
        locale,
      });
    },
  };
}
