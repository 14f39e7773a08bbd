import assert from 'node:assert/strict';
import { test } from 'node:test';
import { band, chargeableGrams, parseSize, quote, region, zone } from '../src/rates.js';

test('zones follow the distance between postcode regions', () => {
  assert.equal(region('1012 AB'), 1);
  assert.equal(zone('1012AB', '1071XX'), 0);
  assert.equal(zone('1012AB', '3511LX'), 1);
  assert.equal(zone('1012AB', '9711LM'), 2);
  assert.throws(() => zone('1012', '3511LX'), RangeError);
});

test('a light but bulky box is charged by volume', () => {
  assert.equal(chargeableGrams(800, [50, 40, 30]), 12000);
  assert.equal(chargeableGrams(3000, [20, 15, 10]), 3000);
});

test('bands and the 20 kg limit', () => {
  assert.equal(band(1500).maxGrams, 2000);
  assert.equal(band(7200).maxGrams, 10000);
  assert.throws(() => band(20001), /too heavy/);
});

test('a quote lists standard and express', () => {
  const q = quote({ from: '1012AB', to: '9711LM', grams: 3200, size: [30, 20, 10] });
  assert.equal(q.zone, 2);
  assert.deepEqual(q.options, [
    { service: 'standard', cents: 995, days: 2 },
    { service: 'express', cents: 1592, days: 1 },
  ]);
});

test('sizes are LxWxH in cm', () => {
  assert.deepEqual(parseSize('30x20X10'), [30, 20, 10]);
  assert.throws(() => parseSize('30x20'), RangeError);
});
