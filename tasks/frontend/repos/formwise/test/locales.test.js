const { test } = require('node:test');
const assert = require('assert');

const { availableLocales, loadMessages } = require('../src/locales');
const { formatError } = require('../src/messages');

test('shipped locales are listed', () => {
  assert.deepStrictEqual(availableLocales(), ['de', 'en']);
});

test('regional locales fall back to their language', () => {
  const messages = loadMessages('de-AT');
  const err = { field: 'email', code: 'required' };
  assert.strictEqual(formatError(err, { messages, label: 'E-Mail' }), 'E-Mail ist erforderlich');
});

test('malformed or unknown locales are rejected', () => {
  assert.throws(() => loadMessages('../etc/passwd'), /locale must look like/);
  assert.throws(() => loadMessages('fr'), /no messages for locale "fr"; available: de, en/);
});
