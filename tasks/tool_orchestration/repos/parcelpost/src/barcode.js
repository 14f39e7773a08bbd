// Tracking numbers: UPU S10 style, two letters, eight digits, a check digit, country `NL`
// (PP123456785NL). v1 matched the shape only; v2 also verifies the check digit, so a typo
// no longer finds somebody else's parcel.

const SHAPE = /^([A-Z]{2})(\d{8})(\d)(NL)$/;
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** The S10 check digit of eight serial digits. */
export function checkDigit(serial) {
  const sum = [...serial].reduce((total, d, i) => total + Number(d) * WEIGHTS[i], 0);
  const digit = 11 - (sum % 11);
  if (digit === 10) return 0;
  return digit === 11 ? 5 : digit;
}

/** v1: what customers type, without spaces and in capitals, if it has the shape; else null. */
export function parseV1(text) {
  const compact = String(text).replace(/\s+/g, '').toUpperCase();
  return SHAPE.test(compact) ? compact : null;
}

/** v2: the number if its shape and check digit are right; else null. */
export function parseV2(text) {
  const candidate = String(text).trim();
  const match = SHAPE.exec(candidate);
  if (!match || checkDigit(match[2]) !== Number(match[3])) return null;
  return candidate;
}
