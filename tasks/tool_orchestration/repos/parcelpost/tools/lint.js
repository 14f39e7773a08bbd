#!/usr/bin/env node
// parcelpost's lint, with Node's standard library only:
// - JavaScript (src, bin, test, tools): lines of at most 100 characters, no tabs or trailing
//   blanks, a final newline, no `var`, built-in modules imported as `node:<name>`, and no
//   console.log in src/ (the service answers requests; it does not chat on stdout);
// - Python (ops): lines of at most 110 characters;
// - JSON (config, data, ops/seed, package.json) parses.
// Prints `path:line: problem` for each problem; exit code 1 if there is any.
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const JS_DIRS = ['src', 'bin', 'test', 'tools'];
const PY_DIRS = ['ops'];
const JSON_DIRS = ['config', 'data', 'ops/seed'];
const BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith('_')));
const IMPORT = /\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function files(dir, ext) {
  const path = join(ROOT, dir);
  let names;
  try {
    names = readdirSync(path);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = join(path, name);
    if (statSync(full).isDirectory()) return files(join(dir, name), ext);
    return extname(name) === ext ? [full] : [];
  });
}

function layout(text, limit, report) {
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.length > limit) report(i + 1, `line longer than ${limit} characters (${line.length})`);
    if (line.includes('\t')) report(i + 1, 'tab');
    if (/\s$/.test(line)) report(i + 1, 'trailing whitespace');
  });
  if (text && !text.endsWith('\n')) report(lines.length, 'no newline at the end of the file');
  return lines;
}

function lintJs(file, report) {
  const lines = layout(readFileSync(file, 'utf8'), 100, report);
  const inSrc = relative(ROOT, file).startsWith('src/');
  lines.forEach((line, i) => {
    if (/^\s*var\s/.test(line)) report(i + 1, 'var (use const or let)');
    if (inSrc && /\bconsole\.log\(/.test(line)) report(i + 1, 'console.log in the service');
    for (const m of line.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (BUILTINS.has(spec.split('/')[0])) report(i + 1, `import '${spec}' as 'node:${spec}'`);
    }
  });
}

function lintJson(file, report) {
  try {
    JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    report(1, `not JSON: ${err.message}`);
  }
}

const problems = [];
const reporter = (file) => (line, what) => {
  problems.push(`${relative(ROOT, file)}:${line}: ${what}`);
};
for (const file of JS_DIRS.flatMap((d) => files(d, '.js'))) lintJs(file, reporter(file));
for (const file of PY_DIRS.flatMap((d) => files(d, '.py'))) {
  layout(readFileSync(file, 'utf8'), 110, reporter(file));
}
for (const file of [...JSON_DIRS.flatMap((d) => files(d, '.json')), join(ROOT, 'package.json')]) {
  lintJson(file, reporter(file));
}
for (const p of problems) process.stdout.write(`${p}\n`);
process.exitCode = problems.length ? 1 : 0;
