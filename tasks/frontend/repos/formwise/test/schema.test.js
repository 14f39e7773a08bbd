const { test } = require('node:test');
const assert = require('assert');

const { createSchema } = require('../src/schema');
const { required, minLength, pattern, email } = require('../src/validators');

const signup = createSchema({
  username: [required(), minLength(3), pattern(/^[a-z0-9_]+$/, 'username')],
  email: [required(), email()],
  nickname: [minLength(2)],
});

test('validate returns errors per field, in declaration order', () => {
  const result = signup.validate({ username: 'A', email: '' });
  assert.strictEqual(result.valid, false);
  assert.deepStrictEqual(Object.keys(result.errors), ['username', 'email']);
  assert.deepStrictEqual(result.errors.username, [
    { field: 'username', code: 'minLength', params: { min: 3 } },
  ]);
  assert.deepStrictEqual(result.errors.email, [{ field: 'email', code: 'required' }]);
});

test('bail: false collects every failing rule of a field', () => {
  const schema = createSchema(
    { username: [minLength(3), pattern(/^[a-z]+$/, 'username')] },
    { bail: false },
  );
  const { errors } = schema.validate({ username: 'A' });
  assert.deepStrictEqual(errors.username.map((e) => e.code), ['minLength', 'username']);
});

test('valid values produce no errors and optional fields may be empty', () => {
  const result = signup.validate({ username: 'ana_b', email: 'ana@example.org' });
  assert.deepStrictEqual(result, { valid: true, errors: {} });
});

test('validateField checks one field against all values', () => {
  assert.deepStrictEqual(signup.validateField('nickname', { nickname: 'x' }), [
    { field: 'nickname', code: 'minLength', params: { min: 2 } },
  ]);
  assert.throws(() => signup.validateField('age', {}), /unknown field "age"/);
});

test('rules must be functions', () => {
  assert.throws(
    () => createSchema({ name: ['required'] }),
    /rule for field "name" must be a function/,
  );
});
