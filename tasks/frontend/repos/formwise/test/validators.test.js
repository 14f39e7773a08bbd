const { test } = require('node:test');
const assert = require('assert');

const {
  isEmpty,
  required,
  minLength,
  maxLength,
  pattern,
  email,
  numberRange,
  oneOf,
} = require('../src/validators');

test('isEmpty treats blank strings, null, undefined and [] as empty', () => {
  for (const value of [undefined, null, '', '   ', []]) assert.strictEqual(isEmpty(value), true);
  for (const value of [0, false, 'a', [1]]) assert.strictEqual(isEmpty(value), false);
});

test('required rejects empty values only', () => {
  const rule = required();
  assert.deepStrictEqual(rule(''), { code: 'required' });
  assert.strictEqual(rule('x'), null);
  assert.strictEqual(rule(0), null);
});

test('length rules skip empty values and report their limit', () => {
  assert.strictEqual(minLength(3)(''), null);
  assert.deepStrictEqual(minLength(3)('ab'), { code: 'minLength', params: { min: 3 } });
  assert.strictEqual(minLength(3)('abc'), null);
  assert.deepStrictEqual(maxLength(2)('abc'), { code: 'maxLength', params: { max: 2 } });
});

test('pattern works with global regexes repeatedly', () => {
  const rule = pattern(/^[a-z]+$/g, 'lowercase');
  assert.strictEqual(rule('abc'), null);
  assert.strictEqual(rule('abc'), null);
  assert.deepStrictEqual(rule('ABC'), { code: 'lowercase' });
});

test('email accepts plain addresses and rejects missing parts', () => {
  const rule = email();
  assert.strictEqual(rule('ana@example.org'), null);
  assert.deepStrictEqual(rule('ana@'), { code: 'email' });
  assert.deepStrictEqual(rule('ana example.org'), { code: 'email' });
});

test('numberRange parses strings, including decimal commas', () => {
  const rule = numberRange({ min: 1, max: 10 });
  assert.strictEqual(rule('2,5'), null);
  assert.deepStrictEqual(rule('abc'), { code: 'number' });
  assert.deepStrictEqual(rule(0), { code: 'min', params: { min: 1 } });
  assert.deepStrictEqual(rule('11'), { code: 'max', params: { max: 10 } });
});

test('oneOf lists the allowed options', () => {
  const rule = oneOf(['red', 'green']);
  assert.strictEqual(rule('red'), null);
  assert.deepStrictEqual(rule('blue'), { code: 'oneOf', params: { options: ['red', 'green'] } });
});
