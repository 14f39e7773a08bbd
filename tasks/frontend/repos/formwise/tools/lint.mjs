#!/usr/bin/env node
// formwise's linter: style checks over our own sources, plus the library's own
// promises (no runtime dependencies, nothing browser-hostile in src/).
// Usage: node tools/lint.mjs [paths...]   (default: src test tools)

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { builtinModules } from 'node:module';

const MAX_LINE = 100;
const EXTENSIONS = ['.js', '.mjs', '.cjs'];
const CHECKS = [
  [/\s+$/, 'trailing whitespace'],
  [/\t/, 'tab character (indent with two spaces)'],
  [/(^|[^\w$.])var\s/, 'use const or let instead of var'],
  [new RegExp('[^=!<>]==[^=]|!=[^=]'), 'use === or !== instead of == or !='],
  [/\bdebugger\b/, 'debugger statement'],
];
const SRC_ONLY = [
  [/\bconsole\.(log|debug)\(/, 'console.log in library code'],
  [/\bprocess\.env\b/, 'process.env in library code (the browser has none; take an option)'],
];
// formwise ships without runtime dependencies: src/ may load its own files and
// Node built-ins (`node:` prefix) only.
const SPECIFIER = /(?:\brequire\(\s*|\bfrom\s+|^\s*import\s+)(['"])([^'"]+)\1/;

function dependencyProblem(line) {
  const match = SPECIFIER.exec(line.replace(/^\s*(?:\/\/|\*).*$/, ''));
  if (!match) return null;
  const target = match[2];
  if (target.startsWith('.') || target.startsWith('node:')) return null;
  if (builtinModules.includes(target)) return `imports "${target}": write "node:${target}"`;
  return `imports "${target}": src/ takes no runtime dependencies`;
}

function files(path) {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = join(path, entry.name);
    if (entry.isDirectory()) return files(full);
    return EXTENSIONS.some((ext) => entry.name.endsWith(ext)) ? [full] : [];
  });
}

function stripStrings(line) {
  return line.replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '""').replace(/\/\/.*$/, '');
}

function lint(file) {
  const text = readFileSync(file, 'utf8');
  const problems = [];
  const rel = relative(process.cwd(), file);
  const checks = rel.startsWith('src') ? [...CHECKS, ...SRC_ONLY] : CHECKS;
  text.split('\n').forEach((line, index) => {
    const where = `${rel}:${index + 1}`;
    if (line.length > MAX_LINE) problems.push(`${where}: line longer than ${MAX_LINE} characters`);
    const code = stripStrings(line);
    for (const [pattern, message] of checks) {
      const subject = message.startsWith('trailing') || message.startsWith('tab') ? line : code;
      if (pattern.test(subject)) problems.push(`${where}: ${message}`);
    }
    const dependency = rel.startsWith('src') ? dependencyProblem(line) : null;
    if (dependency) problems.push(`${where}: ${dependency}`);
  });
  if (text.length > 0 && !text.endsWith('\n')) problems.push(`${rel}: missing final newline`);
  return problems;
}

const targets = process.argv.slice(2);
const roots = targets.length > 0 ? targets : ['src', 'test', 'tools'];
const problems = roots.flatMap((root) => files(root)).flatMap(lint);
for (const problem of problems) console.log(problem);
if (problems.length > 0) {
  console.log(`${problems.length} problem(s)`);
  process.exit(1);
}
console.log('lint: ok');
