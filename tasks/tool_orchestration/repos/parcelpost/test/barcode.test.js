import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDigit, parseV1, parseV2 } from '../src/barcode.js';

test('S10 check digits, including the 10 and 11 cases', () => {
  assert.equal(checkDigit('10000014'), 0);
  assert.equal(checkDigit('10000002'), 5);
  assert.equal(checkDigit('12345678'), 5);
});

test('v1 accepts any number of the right shape, as typed', () => {
  assert.equal(parseV1('pp 1234 5678 5 nl'), 'PP123456785NL');
  assert.equal(parseV1('PP123456789NL'), 'PP123456789NL');
  assert.equal(parseV1('PP12345NL'), null);
});

test('v2 also verifies the check digit', () => {
  assert.equal(parseV2('PP123456785NL'), 'PP123456785NL');
  assert.equal(parseV2('PP123456789NL'), null);
});
