/**
 * Cell formatting with the platform's Intl API. Formatters are cached per
 * locale and options because constructing them is far slower than using
 * them, and a table formats thousands of cells per render.
 */

export const DEFAULT_LOCALE = 'en-US';

export const MISSING = '\u2014';

const cache = new Map();

function cached(kind, locale, options, create) {
  const id = `${kind}|${locale}|${JSON.stringify(options)}`;
  if (!cache.has(id)) {
    cache.set(id, create());
  }
  return cache.get(id);
}

export function formatNumber(value, locale = DEFAULT_LOCALE, digits = 2) {
  const options = { maximumFractionDigits: digits };
  const formatter = cached('number', locale, options, () =>
    new Intl.NumberFormat(locale, options));
  return formatter.format(value);
}

export function formatCurrency(value, currency, locale = DEFAULT_LOCALE) {
  const options = { style: 'currency', currency };
  const formatter = cached('currency', locale, options, () =>
    new Intl.NumberFormat(locale, options));
  return formatter.format(value);
}

/** Dates are shown in UTC so a table reads the same in every time zone. */
export function formatDate(value, locale = DEFAULT_LOCALE) {
  const options = { dateStyle: 'medium', timeZone: 'UTC' };
  const formatter = cached('date', locale, options, () =>
    new Intl.DateTimeFormat(locale, options));
  return formatter.format(value);
}

/** The display text of one cell; missing values show as an em dash. */
export function formatCell(column, value, locale = DEFAULT_LOCALE) {
  if (value === null || value === undefined || value === '') {
    return MISSING;
  }
  if (column.format) {
    return String(column.format(value, locale));
  }
  switch (column.type) {
    case 'number':
      return formatNumber(value, locale);
    case 'currency':
      return formatCurrency(value, column.currency, locale);
    case 'date':
      return formatDate(value, locale);
    case 'boolean':
      return value ? 'Yes' : 'No';
    default:
      return String(value);
  }
}
