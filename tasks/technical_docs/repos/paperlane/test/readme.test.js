// Runs the README's JavaScript examples: each ```js block becomes a module importing the local sources,
// and every `expression; // => value` line asserts that the expression deep-equals the value.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = pathToFileURL(join(ROOT, 'src', 'index.js')).href;

function examples(markdown) {
  const out = [];
  const fence = /^```js\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) {
    const line = markdown.slice(0, match.index).split('\n').length;
    out.push({ line, code: match[1] });
  }
  return out;
}

function asModule(code) {
  const body = code.split('\n').map((line) => {
    const claim = /^(.*?);?\s*\/\/ => (.*)$/.exec(line);
    return claim ? `assert.deepStrictEqual(${claim[1]}, ${claim[2]});` : line;
  });
  return [`import assert from 'node:assert/strict';`, ...body].join('\n').replaceAll(`'paperlane'`, `'${ENTRY}'`);
}

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'paperlane-readme-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

for (const { line, code } of examples(readme)) {
  test(`README.md example at line ${line}`, () => {
    const file = join(dir, `example-${line}.mjs`);
    writeFileSync(file, asModule(code));
    execFileSync(process.execPath, [file], { stdio: 'pipe' });
  });
}
