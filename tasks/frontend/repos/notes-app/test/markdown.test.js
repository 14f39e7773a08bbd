import { test } from 'node:test';
import assert from 'node:assert/strict';

import { parseBlocks } from '../src/lib/markdown.js';

test('headings, paragraphs and lists become blocks', () => {
  const blocks = parseBlocks('# Plan\nShip the beta\nin May.\n\n- one\n- two\n## Risks');
  assert.deepEqual(blocks, [
    { type: 'heading', level: 1, text: 'Plan' },
    { type: 'paragraph', text: 'Ship the beta in May.' },
    { type: 'list', items: ['one', 'two'] },
    { type: 'heading', level: 2, text: 'Risks' },
  ]);
});

test('fenced code keeps its lines and language', () => {
  const blocks = parseBlocks('```sh\nnpm test\n# not a heading\n```');
  assert.deepEqual(blocks, [{ type: 'code', lang: 'sh', lines: ['npm test', '# not a heading'] }]);
});
