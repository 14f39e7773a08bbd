const { test } = require('node:test');
const assert = require('assert');

const { formatError, formatErrors, humanize, interpolate } = require('../src/messages');

test('humanize turns field names into labels', () => {
  assert.strictEqual(humanize('passwordConfirm'), 'Password confirm');
  assert.strictEqual(humanize('first_name'), 'First name');
  assert.strictEqual(humanize('zip-code'), 'Zip code');
});

test('interpolate fills known placeholders and keeps unknown ones', () => {
  assert.strictEqual(interpolate('{a} and {b}', { a: 1 }), '1 and {b}');
  assert.strictEqual(interpolate('one of: {options}', { options: ['x', 'y'] }), 'one of: x, y');
});

test('formatError uses the default English messages', () => {
  const err = { field: 'username', code: 'minLength', params: { min: 3 } };
  assert.strictEqual(formatError(err), 'Username must be at least 3 characters');
  assert.strictEqual(formatError(err, { label: 'Login' }), 'Login must be at least 3 characters');
});

test('custom messages override defaults; unknown codes get a fallback', () => {
  const messages = { required: 'Please fill in {label}' };
  const missing = { field: 'city', code: 'required' };
  assert.strictEqual(formatError(missing, { messages }), 'Please fill in City');
  const unknown = { field: 'city', code: 'postcode' };
  assert.strictEqual(formatError(unknown), 'City is invalid (postcode)');
});

test('formatErrors maps every field with its label', () => {
  const errors = { email: [{ field: 'email', code: 'email' }] };
  assert.deepStrictEqual(formatErrors(errors, { labels: { email: 'E-mail' } }), {
    email: ['E-mail must be a valid email address'],
  });
});
