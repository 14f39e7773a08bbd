/**
 * Lengths in print units: millimetres, centimetres, inches, points, picas and pixels.
 * Millimetres are the pivot; pixels need a resolution in dots per inch.
 * @module units
 */

const MM_PER_UNIT = { mm: 1, cm: 10, in: 25.4, pt: 25.4 / 72, pc: 25.4 / 6 };

/** The CSS reference resolution: 96 pixels per inch. */
export const DEFAULT_DPI = 96;

/** The units every function accepts, in lower case. */
export const UNITS = Object.freeze(['mm', 'cm', 'in', 'pt', 'pc', 'px']);

const LENGTH = /^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*([a-z]+)\s*$/;

function mmPer(unit, dpi) {
  if (unit === 'px') {
    if (!(typeof dpi === 'number' && dpi > 0)) {
      throw new RangeError(`paperlane: dpi must be a positive number, got ${dpi}`);
    }
    return 25.4 / dpi;
  }
  const factor = MM_PER_UNIT[unit];
  if (factor === undefined) {
    throw new RangeError(`paperlane: unknown unit "${unit}" (expected one of ${UNITS.join(', ')})`);
  }
  return factor;
}

/**
 * Convert a length from one unit to another.
 * @param {number} value - The length in `from` units.
 * @param {string} from - The unit of `value`, one of `UNITS`.
 * @param {string} to - The unit of the result, one of `UNITS`.
 * @param {{dpi?: number}} [options] - `dpi` resolves pixels (default `DEFAULT_DPI`).
 * @returns {number} The length in `to` units, not rounded.
 * @throws {RangeError} When a unit is unknown or `dpi` is not a positive number.
 * @example
 * convert(1, 'in', 'mm') // => 25.4
 */
export function convert(value, from, to, options = {}) {
  const dpi = options.dpi ?? DEFAULT_DPI;
  return (value * mmPer(from, dpi)) / mmPer(to, dpi);
}

/**
 * Parse a length written with its unit, such as `"210mm"` or `"8.5 in"`.
 * @param {string} text - A decimal number followed by a unit; spaces around and between are allowed.
 * @returns {{value: number, unit: string}} The number and its unit.
 * @throws {SyntaxError} When the text is not a number followed by one of `UNITS`.
 * @example
 * parseLength('8.5 in') // => { value: 8.5, unit: 'in' }
 */
export function parseLength(text) {
  const match = LENGTH.exec(String(text));
  if (!match || !UNITS.includes(match[2])) {
    throw new SyntaxError(`paperlane: cannot read a length from "${text}"`);
  }
  return { value: Number(match[1]), unit: match[2] };
}

/**
 * Format a length with its unit, rounded for display.
 * @param {number} value - The length.
 * @param {string} unit - Its unit, one of `UNITS`.
 * @param {{precision?: number}} [options] - Digits after the decimal point (default 2); trailing zeros are dropped.
 * @returns {string} The number and the unit without a space, such as `"8.27in"`.
 * @throws {RangeError} When the unit is unknown.
 * @example
 * formatLength(8.2677, 'in') // => '8.27in'
 */
export function formatLength(value, unit, options = {}) {
  if (!UNITS.includes(unit)) {
    throw new RangeError(`paperlane: unknown unit "${unit}" (expected one of ${UNITS.join(', ')})`);
  }
  const precision = options.precision ?? 2;
  const digits = value.toFixed(precision).replace(/\.?0+$/, '');
  return `${digits === '-0' ? '0' : digits}${unit}`;
}
