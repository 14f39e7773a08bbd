/**
 * paperlane: paper sizes and print units.
 * @module paperlane
 */

export { DEFAULT_DPI, UNITS, convert, formatLength, parseLength } from './units.js';
export { listSizes, paperNames, paperSize } from './sizes.js';
