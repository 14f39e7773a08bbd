/**
 * Column definitions. Users describe columns loosely (a key, or an object
 * with a few fields); `defineColumns()` turns them into one uniform shape
 * that the sorter, filter and renderer can rely on.
 */

export const COLUMN_TYPES = ['string', 'number', 'currency', 'date', 'boolean'];

const NUMERIC_TYPES = new Set(['number', 'currency']);

function titleCase(key) {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/^\w/, (ch) => ch.toUpperCase());
}

function toDate(value) {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function normalizeColumn(spec) {
  const options = typeof spec === 'string' ? { key: spec } : spec;
  const { key } = options;
  if (typeof key !== 'string' || key === '') {
    throw new TypeError(
      `column key must be a non-empty string, got ${JSON.stringify(key)}`,
    );
  }
  const type = options.type ?? 'string';
  if (!COLUMN_TYPES.includes(type)) {
    throw new TypeError(
      `column "${key}": unknown type "${type}" ` +
        `(expected one of ${COLUMN_TYPES.join(', ')})`,
    );
  }
  const read = options.accessor ?? ((row) => row[key]);
  return {
    key,
    label: options.label ?? titleCase(key),
    type,
    accessor: type === 'date' ? (row) => toDate(read(row)) : read,
    sortable: options.sortable !== false,
    filterable: options.filterable !== false,
    align: options.align ?? (NUMERIC_TYPES.has(type) ? 'right' : 'left'),
    currency: options.currency ?? 'USD',
    format: options.format ?? null,
  };
}

/** Normalise column specs; keys must be unique. */
export function defineColumns(specs) {
  if (!Array.isArray(specs) || specs.length === 0) {
    throw new TypeError('defineColumns() needs a non-empty array of columns');
  }
  const seen = new Set();
  return specs.map((spec) => {
    const column = normalizeColumn(spec);
    if (seen.has(column.key)) {
      throw new Error(`duplicate column key "${column.key}"`);
    }
    seen.add(column.key);
    return column;
  });
}

/** The value a row holds for a column (dates come back as `Date`). */
export function cellValue(column, row) {
  return column.accessor(row);
}

/** Look a column up by key; unknown keys are a programming error. */
export function findColumn(columns, key) {
  const column = columns.find((candidate) => candidate.key === key);
  if (!column) {
    const known = columns.map((candidate) => candidate.key).join(', ');
    throw new Error(`unknown column "${key}" (columns: ${known})`);
  }
  return column;
}
