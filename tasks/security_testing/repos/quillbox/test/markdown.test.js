import assert from 'node:assert/strict';
import { test } from 'node:test';

import { renderComment } from '../src/markdown.js';

test('paragraphs and line breaks', () => {
  assert.equal(renderComment('one\ntwo\n\nthree'), '<p>one<br>two</p>\n<p>three</p>');
});

test('bold, italic and code', () => {
  assert.equal(
    renderComment('**big** *small* `x < y`'),
    '<p><strong>big</strong> <em>small</em> <code>x &lt; y</code></p>',
  );
});

test('raw HTML is shown as text', () => {
  assert.equal(
    renderComment('<img src=x onerror="alert(1)">'),
    '<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>',
  );
});

test('links get nofollow and keep their query string', () => {
  assert.equal(
    renderComment('[source](https://example.org/a?b=1&c=2)'),
    '<p><a href="https://example.org/a?b=1&amp;c=2" rel="nofollow ugc">source</a></p>',
  );
});

test('javascript: links are dropped, their label kept', () => {
  assert.equal(renderComment('[hi](javascript:void0)'), '<p>hi</p>');
});

test('an empty body renders nothing', () => {
  assert.equal(renderComment('  \n '), '');
});
