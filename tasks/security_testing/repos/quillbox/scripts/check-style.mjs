#!/usr/bin/env node
// quillbox's lint gate, run by CI before the tests: plain Node, no packages.
// Usage: node scripts/check-style.mjs [paths...]   (default: src test scripts)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const MAX_LINE = 100;
const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

function* files(path) {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) {
      if (entry !== 'node_modules' && entry !== 'fixtures') {
        yield* files(join(path, entry));
      }
    }
  } else if (/\.(m?js)$/.test(path)) {
    yield path;
  }
}

function check(path) {
  const problems = [];
  const text = readFileSync(path, 'utf8');
  const inSrc = relative('.', path).startsWith('src');
  if (text.length > 0 && !text.endsWith('\n')) {
    problems.push([0, 'no newline at end of file']);
  }
  text.split('\n').forEach((line, index) => {
    const at = index + 1;
    if (line.length > MAX_LINE) {
      problems.push([at, `line longer than ${MAX_LINE} characters (${line.length})`]);
    }
    if (/\s$/.test(line)) {
      problems.push([at, 'trailing whitespace']);
    }
    if (/^\s*var\s/.test(line)) {
      problems.push([at, 'use const or let, not var']);
    }
    if (/[^=!<>]={2}[^=]|[!]=[^=]/.test(line.replace(/(['"`]).*?\1/g, '""'))) {
      problems.push([at, 'use === and !==']);
    }
    const imported = line.match(/^\s*import .*from '([^']+)'|^\s*import '([^']+)'/);
    const name = imported && (imported[1] ?? imported[2]);
    if (name && BUILTINS.has(name)) {
      problems.push([at, `import node built-ins as 'node:${name}'`]);
    }
    if (inSrc && !path.endsWith('main.js') && /\bconsole\.log\(/.test(line)) {
      problems.push([at, 'console.log in library code (main.js only)']);
    }
  });
  return problems.map(([at, message]) => `${path}:${at}: ${message}`);
}

const roots = process.argv.length > 2 ? process.argv.slice(2) : ['src', 'test', 'scripts'];
const found = roots.flatMap((root) => [...files(root)]).flatMap(check);
for (const line of found) {
  console.log(line);
}
if (found.length > 0) {
  console.log(`${found.length} problem(s)`);
  process.exit(1);
}
