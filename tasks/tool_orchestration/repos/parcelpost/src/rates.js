// Shipping rates: zone from the postcodes, chargeable weight from the scale and the box,
// a price per weight band and zone. Amounts are integer euro cents, weights grams, sizes cm.

/** Price list 2026 (cents, excl. VAT): one row per weight band, one column per zone. */
export const BANDS = [
  { maxGrams: 2000, cents: [495, 625, 745] },
  { maxGrams: 5000, cents: [695, 845, 995] },
  { maxGrams: 10000, cents: [925, 1125, 1345] },
  { maxGrams: 20000, cents: [1395, 1650, 1950] },
];

/** Working days for standard delivery per zone; express is next day everywhere. */
export const STANDARD_DAYS = [1, 1, 2];
export const EXPRESS_FACTOR = 1.6;
/** Volumetric weight: 5000 cm3 count as 1 kg, so a cm3 weighs 0.2 g. */
export const CM3_PER_KG = 5000;

const POSTCODE = /^\s*([1-9])\d{3}\s?[A-Z]{2}\s*$/i;

/** The region of a Dutch postcode (its first digit, 1-9). */
export function region(postcode) {
  const match = POSTCODE.exec(String(postcode));
  if (!match) throw new RangeError(`not a postcode: ${postcode}`);
  return Number(match[1]);
}

/** Zone 0 within a region, 1 for a region up to two away, 2 beyond. */
export function zone(from, to) {
  const distance = Math.abs(region(from) - region(to));
  if (distance === 0) return 0;
  return distance <= 2 ? 1 : 2;
}

/** The weight a parcel is charged for: its real weight or its volumetric one, the larger. */
export function chargeableGrams(grams, [length, width, height]) {
  const volumetric = Math.ceil((length * width * height * 1000) / CM3_PER_KG);
  return Math.max(grams, volumetric);
}

/** The weight band a chargeable weight falls in. */
export function band(grams) {
  const found = BANDS.find((b) => grams < b.maxGrams);
  if (!found) throw new RangeError(`too heavy: ${grams} g (the limit is 20 kg)`);
  return found;
}

/** Parse `30x20x10` into three positive numbers of cm. */
export function parseSize(text) {
  const parts = String(text).toLowerCase().split('x').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n) || n <= 0)) {
    throw new RangeError(`not a size: ${text} (use LxWxH in cm, e.g. 30x20x10)`);
  }
  return parts;
}

/** A parcel's options: `{zone, chargeableGrams, options: [{service, cents, days}]}`. */
export function quote({ from, to, grams, size }) {
  if (!(grams > 0)) throw new RangeError(`not a weight: ${grams}`);
  const z = zone(from, to);
  const charged = chargeableGrams(grams, size);
  const standard = band(charged).cents[z];
  return {
    zone: z,
    chargeableGrams: charged,
    options: [
      { service: 'standard', cents: standard, days: STANDARD_DAYS[z] },
      { service: 'express', cents: Math.round(standard * EXPRESS_FACTOR), days: 1 },
    ],
  };
}

/** `1234` -> `12.34`. */
export function euros(cents) {
  return (cents / 100).toFixed(2);
}
