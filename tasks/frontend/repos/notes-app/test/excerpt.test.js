import { test } from 'node:test';
import assert from 'node:assert/strict';

import { excerpt, stripMarkdown } from '../src/lib/excerpt.js';

test('stripMarkdown keeps the words and drops the syntax', () => {
  const markdown = '# Plan\n\n- **ship** the [beta](https://example.test)\n- `npm test`';
  assert.equal(stripMarkdown(markdown), 'Plan ship the beta npm test');
});

test('code blocks are left out of excerpts', () => {
  assert.equal(stripMarkdown('Intro\n```js\nconst a = 1;\n```\nOutro'), 'Intro Outro');
});

test('excerpt cuts at a word boundary and adds an ellipsis', () => {
  assert.equal(excerpt('one two three four', 12), 'one two…');
  assert.equal(excerpt('short', 12), 'short');
});
