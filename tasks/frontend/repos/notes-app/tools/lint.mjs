#!/usr/bin/env node
// notes-app lint: the rules from CLAUDE.md that a regex can see, plus the
// layering rule (src/lib and test/ stay free of React). No dependencies.
// Usage: node tools/lint.mjs [file or folder ...]   (default: src test tools)

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

const LIMIT = 100;
const SOURCE = new Set(['.js', '.jsx', '.mjs']);
// Built from a string so that this file does not trip its own check.
const LOOSE = new RegExp('[^=!<>]=' + '=(?!=)|!=(?!=)');

const everywhere = [
  { test: (line) => /[ \t]$/.test(line), raw: true, says: 'whitespace at end of line' },
  { test: (line) => /^\t| \t/.test(line), raw: true, says: 'indent with two spaces, not tabs' },
  { test: (code) => /(?:^|[^\w$.])var\s/.test(code), says: '`var` declaration (use const or let)' },
  { test: (code) => LOOSE.test(code), says: 'loose equality (use === or !==)' },
  { test: (code) => /\bdebugger\b/.test(code), says: 'leftover debugger statement' },
];
const inSrc = [
  { test: (code) => /\bconsole\.(?:log|debug)\(/.test(code), says: 'console.log in app code' },
];
const reactFree = [
  {
    test: (line) => /from\s+['"]react(?:-dom)?(?:\/[^'"]*)?['"]/.test(line),
    raw: true,
    says: 'imports React (src/lib and test/ must run under plain node --test)',
  },
];

function walk(path) {
  if (statSync(path).isFile()) return [path];
  const found = [];
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) found.push(...walk(child));
    else if (SOURCE.has(extname(entry.name))) found.push(child);
  }
  return found;
}

// Blank out string literals and line comments, so `'a == b'` is not a problem.
const codeOf = (line) => line
  .replace(/(['"`])(?:\\.|(?!\1).)*\1/g, "''")
  .replace(/\/\/.*$/, '');

function rulesFor(file) {
  const parts = file.split(sep);
  const rules = [...everywhere];
  if (parts[0] === 'src') rules.push(...inSrc);
  if (parts[0] === 'test' || (parts[0] === 'src' && parts[1] === 'lib')) {
    rules.push(...reactFree);
  }
  return rules;
}

function check(path) {
  const file = relative(process.cwd(), path);
  const text = readFileSync(path, 'utf8');
  const rules = rulesFor(file);
  const found = [];
  text.split('\n').forEach((line, index) => {
    const at = `${file}:${index + 1}`;
    if (line.length > LIMIT) found.push(`${at}  over ${LIMIT} characters (${line.length})`);
    for (const rule of rules) {
      if (rule.test(rule.raw ? line : codeOf(line))) found.push(`${at}  ${rule.says}`);
    }
  });
  if (text !== '' && !text.endsWith('\n')) found.push(`${file}  no newline at end of file`);
  if (file.endsWith('.jsx') && file.includes(`components${sep}`)) {
    const base = file.split(sep).pop();
    if (!/^[A-Z][A-Za-z0-9]*\.jsx$/.test(base)) {
      found.push(`${file}  component files are named in PascalCase`);
    }
  }
  return found;
}

const roots = process.argv.length > 2 ? process.argv.slice(2) : ['src', 'test', 'tools'];
const files = roots.flatMap(walk);
const problems = files.flatMap(check);
if (problems.length > 0) {
  console.log(problems.join('\n'));
  console.log(`lint: ${problems.length} problem(s) in ${files.length} files`);
  process.exit(1);
}
console.log(`lint: ${files.length} files, no problems`);
