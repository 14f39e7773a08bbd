#!/usr/bin/env node
// The docs check: docs/API.md matches the JSDoc in src/ (regenerate with `npm run docs`), every module of src/
// is listed in the generator, and every relative link in the Markdown pages names a file that exists.
// Prints one line per problem and exits 1 when there is one.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, unlistedModules } from './gen-api.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LINK = /\]\(([^)\s]+)\)/g;

function pages() {
  const top = ['README.md', 'CHANGELOG.md', 'AGENTS.md'].filter((p) => existsSync(join(ROOT, p)));
  const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  return [...top, ...docs];
}

function brokenLinks(page) {
  const problems = [];
  let fenced = false;
  readFileSync(join(ROOT, page), 'utf8').split('\n').forEach((line, i) => {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    if (fenced) return;
    for (const [, target] of line.matchAll(LINK)) {
      const path = target.split('#')[0];
      if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path)) continue;
      if (!existsSync(join(ROOT, dirname(page), path))) problems.push(`${page}:${i + 1}: broken link to ${target}`);
    }
  });
  return problems;
}

const problems = [];
const api = join(ROOT, 'docs', 'API.md');
if (!existsSync(api) || readFileSync(api, 'utf8') !== render()) {
  problems.push('docs/API.md: out of date with the JSDoc in src/; run `npm run docs`');
}
for (const file of unlistedModules()) problems.push(`tools/gen-api.mjs: src/${file} is not in MODULES`);
for (const page of pages()) problems.push(...brokenLinks(page));

for (const problem of problems) console.log(problem);
process.exitCode = problems.length ? 1 : 0;
