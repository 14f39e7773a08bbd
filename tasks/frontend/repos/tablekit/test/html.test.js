import assert from 'node:assert';
import { test } from 'node:test';

import { escapeHtml, h, raw, renderAttrs } from '../src/html.js';

test('escapeHtml escapes markup and quotes', () => {
  assert.strictEqual(
    escapeHtml('<a href="x">Tom & Jerry\'s</a>'),
    '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
  );
});

test('renderAttrs drops empty values and writes booleans bare', () => {
  const attrs = { id: 't', hidden: true, disabled: false, title: null };
  assert.strictEqual(renderAttrs(attrs), ' id="t" hidden');
  assert.strictEqual(renderAttrs(null), '');
});

test('h escapes text children but not nested elements', () => {
  const cell = h('td', { class: 'x' }, '<b>', h('em', null, 'ok'));
  assert.strictEqual(String(cell), '<td class="x">&lt;b&gt;<em>ok</em></td>');
});

test('h flattens child arrays and skips empty children', () => {
  const row = h('tr', null, [h('td', null, 1), [null, h('td', null, 2)]]);
  assert.strictEqual(String(row), '<tr><td>1</td><td>2</td></tr>');
});

test('void elements have no closing tag; raw markup passes through', () => {
  assert.strictEqual(String(h('br', null)), '<br>');
  assert.strictEqual(String(h('p', null, raw('&nbsp;'))), '<p>&nbsp;</p>');
});
