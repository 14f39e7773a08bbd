/**
 * Pagination and row ranges. Pages are numbered from 1; a page outside the
 * range is clamped rather than rejected, so a filter that shrinks the row
 * count never leaves the view on an empty page.
 */

export const DEFAULT_PAGE_SIZE = 25;

export function clamp(value, min, max) {
  return Math.min(Math.max(value, min), max);
}

/** Number of pages for `total` rows; an empty table still has one page. */
export function pageCount(total, pageSize) {
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`page size must be a positive integer: ${pageSize}`);
  }
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The half-open index range `[start, end)` of `count` rows from `start`,
 * kept inside a list of `total` rows. A range that would run past the end
 * slides back so that it stays full when the list is long enough, as a
 * sliding view of rows (a picker, a preview strip) expects.
 */
export function rowRange(total, start, count) {
  const first = clamp(start, 0, Math.max(total - count - 1, 0));
  return { start: first, end: Math.min(first + count, total) };
}

/** One page of `rows` plus the numbers a pager needs. */
export function paginate(rows, page = 1, pageSize = DEFAULT_PAGE_SIZE) {
  const pages = pageCount(rows.length, pageSize);
  const current = clamp(page, 1, pages);
  const start = (current - 1) * pageSize;
  return {
    rows: rows.slice(start, start + pageSize),
    page: current,
    pageCount: pages,
    total: rows.length,
    start,
  };
}
