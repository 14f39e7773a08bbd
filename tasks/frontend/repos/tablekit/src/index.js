export {
  COLUMN_TYPES,
  cellValue,
  defineColumns,
  findColumn,
} from './columns.js';
export { filterRows, parseQuery } from './filter.js';
export {
  DEFAULT_LOCALE,
  MISSING,
  formatCell,
  formatCurrency,
  formatDate,
  formatNumber,
} from './format.js';
export { Html, escapeHtml, h, raw, renderAttrs } from './html.js';
export {
  NAVIGATION_KEYS,
  PAGE_STEP,
  cellId,
  clampFocus,
  initialFocus,
  moveFocus,
} from './keyboard.js';
export {
  DEFAULT_PAGE_SIZE,
  clamp,
  pageCount,
  paginate,
  rowRange,
} from './paginate.js';
export { renderTable } from './render.js';
export {
  DIRECTIONS,
  compareValues,
  nextSort,
  sortRows,
  validateSort,
} from './sort.js';
export { createTable } from './table.js';
