#!/usr/bin/env node
// paperlane's lint gate, built-ins only: syntax (`node --check`), layout (line length, trailing spaces, final
// newline, no `var`) and, in src/, a JSDoc comment on every export and no console output.
// Prints `path:line: problem` per problem and exits 1 when there is one. Paths may be given as arguments.

import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_LINE = 120;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : walk(path);
    return /\.(?:js|mjs)$/.test(name) ? [path] : [];
  });
}

function lintFile(path) {
  const rel = relative(ROOT, path).split('\\').join('/');
  const text = readFileSync(path, 'utf8');
  const problems = [];
  try {
    execFileSync(process.execPath, ['--check', path], { stdio: 'pipe' });
  } catch (error) {
    problems.push(`${rel}:1: syntax: ${String(error.stderr).trim().split('\n').slice(-1)[0]}`);
  }
  if (!text.endsWith('\n')) problems.push(`${rel}:1: no newline at end of file`);
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const at = `${rel}:${i + 1}:`;
    if (line.length > MAX_LINE) problems.push(`${at} line longer than ${MAX_LINE} characters`);
    if (/\s$/.test(line)) problems.push(`${at} trailing whitespace`);
    if (/^\s*var\s/.test(line)) problems.push(`${at} use const or let, not var`);
    if (!rel.startsWith('src/')) return;
    if (/\bconsole\.\w+\(/.test(line)) problems.push(`${at} console output in library code`);
    if (/^export\s+(?:async\s+)?(?:function|const|class)\s/.test(line) && !lines[i - 1]?.trim().endsWith('*/')) {
      problems.push(`${at} export without a JSDoc comment`);
    }
  });
  return problems;
}

const targets = process.argv.length > 2 ? process.argv.slice(2).map((p) => join(process.cwd(), p))
  : ['src', 'test', 'tools'].flatMap((dir) => walk(join(ROOT, dir)));
const files = targets.flatMap((p) => (statSync(p).isDirectory() ? walk(p) : [p]));
const problems = files.flatMap(lintFile);
for (const problem of problems) console.log(problem);
process.exitCode = problems.length ? 1 : 0;
