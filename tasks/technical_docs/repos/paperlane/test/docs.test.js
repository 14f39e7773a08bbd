import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { exportsOf, render, unlistedModules } from '../tools/gen-api.mjs';

test('exportsOf reads the summary, parameters, result and deprecation of each export', () => {
  const [entry, old] = exportsOf([
    '/**',
    ' * Double a number.',
    ' * @param {number} n - The number.',
    ' * @returns {number} Twice `n`.',
    ' */',
    'export function double(n) {}',
    '/**',
    ' * The old name.',
    ' * @deprecated Use `double`.',
    ' */',
    'export function twice(n) {}',
  ].join('\n'));
  assert.equal(entry.signature, 'double(n)');
  assert.deepEqual(entry.summary, ['Double a number.']);
  assert.deepEqual(entry.params, [{ type: 'number', name: 'n', text: 'The number.' }]);
  assert.deepEqual(entry.returns, { type: 'number', text: 'Twice `n`.' });
  assert.equal(old.deprecated, 'Use `double`.');
});

test('docs/API.md is what the generator writes', () => {
  assert.equal(readFileSync(new URL('../docs/API.md', import.meta.url), 'utf8'), render());
  assert.deepEqual(unlistedModules(), []);
});
