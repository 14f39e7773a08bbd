/**
 * Named paper formats: ISO 216 A and B series and the North American sizes.
 * @module sizes
 */

import { convert } from './units.js';

// Portrait width and height in millimetres.
const SIZES = new Map([
  ['A3', [297, 420]],
  ['A4', [210, 297]],
  ['A5', [148, 210]],
  ['A6', [105, 148]],
  ['B4', [250, 353]],
  ['B5', [176, 250]],
  ['Letter', [215.9, 279.4]],
  ['Legal', [215.9, 355.6]],
  ['Tabloid', [279.4, 431.8]],
]);

function lookup(name) {
  const wanted = String(name).toLowerCase();
  for (const [known, size] of SIZES) {
    if (known.toLowerCase() === wanted) return [known, size];
  }
  throw new RangeError(`paperlane: unknown paper size "${name}"`);
}

/**
 * The size of a named paper format.
 * @param {string} name - The format, in any case: `A4`, `letter`, `Tabloid`...
 * @param {{orientation?: string, unit?: string, dpi?: number}} [options] - `portrait` (default) or `landscape`,
 *   the unit of the result (default `mm`) and the `dpi` for pixels.
 * @returns {{name: string, width: number, height: number, unit: string}} The canonical name and the size, not rounded.
 * @throws {RangeError} For an unknown format, orientation or unit.
 * @example
 * paperSize('a4') // => { name: 'A4', width: 210, height: 297, unit: 'mm' }
 */
export function paperSize(name, options = {}) {
  const [known, [width, height]] = lookup(name);
  const { orientation = 'portrait', unit = 'mm', dpi } = options;
  if (orientation !== 'portrait' && orientation !== 'landscape') {
    throw new RangeError(`paperlane: orientation must be "portrait" or "landscape", got "${orientation}"`);
  }
  const [w, h] = orientation === 'landscape' ? [height, width] : [width, height];
  return { name: known, width: convert(w, 'mm', unit, { dpi }), height: convert(h, 'mm', unit, { dpi }), unit };
}

/**
 * The names of the known formats, ISO sizes first.
 * @returns {string[]} A new array on each call.
 * @example
 * paperNames().slice(0, 2) // => ['A3', 'A4']
 */
export function paperNames() {
  return [...SIZES.keys()];
}

/**
 * The names of the known formats.
 * @deprecated Since 0.4.0; use `paperNames()`, which returns the same array. Removed in 1.0.
 * @returns {string[]} The same as `paperNames()`.
 */
export function listSizes() {
  return paperNames();
}
