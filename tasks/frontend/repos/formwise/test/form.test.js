const { test } = require('node:test');
const assert = require('assert');

const { createForm } = require('../src/form');
const { createSchema } = require('../src/schema');
const { required, minLength } = require('../src/validators');

const schema = createSchema({
  name: [required(), minLength(2)],
  city: [required()],
});

test('untouched fields are not validated on change', () => {
  const form = createForm(schema);
  form.setValue('name', 'A');
  assert.deepStrictEqual(form.getState().errors, {});
});

test('touching a field validates it, later changes revalidate', () => {
  const form = createForm(schema);
  form.touch('name');
  assert.strictEqual(form.getState().errors.name[0].code, 'required');
  form.setValue('name', 'Ana');
  assert.strictEqual(form.getState().errors.name, undefined);
});

test('dirty compares values with the initial values', () => {
  const form = createForm(schema, { initialValues: { name: 'Ana', city: 'Graz' } });
  assert.strictEqual(form.getState().dirty, false);
  form.setValue('city', 'Linz');
  assert.strictEqual(form.getState().dirty, true);
  form.setValue('city', 'Graz');
  assert.strictEqual(form.getState().dirty, false);
});

test('submit validates everything and only calls the handler when valid', async () => {
  const form = createForm(schema);
  const calls = [];
  assert.strictEqual(await form.submit((values) => calls.push(values)), false);
  assert.deepStrictEqual(Object.keys(form.getState().errors), ['name', 'city']);
  assert.deepStrictEqual(form.getState().touched, { name: true, city: true });
  form.setValue('name', 'Ana');
  form.setValue('city', 'Graz');
  assert.strictEqual(await form.submit((values) => calls.push(values)), true);
  assert.deepStrictEqual(calls, [{ name: 'Ana', city: 'Graz' }]);
  assert.strictEqual(form.getState().submitCount, 2);
});

test('subscribers see submitting while the handler runs', async () => {
  const form = createForm(schema, { initialValues: { name: 'Ana', city: 'Graz' } });
  const seen = [];
  const unsubscribe = form.subscribe((state) => seen.push(state.submitting));
  await form.submit(async () => {});
  unsubscribe();
  form.reset();
  assert.deepStrictEqual(seen, [true, false]);
});

test('reset restores values and clears touched and errors', () => {
  const form = createForm(schema, { initialValues: { name: 'Ana' } });
  form.touch('city');
  form.setValue('name', '');
  form.reset();
  assert.deepStrictEqual(form.getState().values, { name: 'Ana' });
  assert.deepStrictEqual(form.getState().touched, {});
  assert.deepStrictEqual(form.getState().errors, {});
});
