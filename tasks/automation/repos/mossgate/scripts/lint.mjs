#!/usr/bin/env node
// mossgate's own lint: house rules for our .mjs files, then shellcheck over every shell script.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { cwd, exit, stdout } from 'node:process';

const ROOT = cwd();
const SKIP = new Set(['.git', 'node_modules', '.cache']);
const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) {
      return [];
    }
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

function moduleProblems(text) {
  const problems = [];
  text.split('\n').forEach((line, index) => {
    const where = index + 1;
    if (/\s$/.test(line)) {
      problems.push([where, 'trailing whitespace']);
    }
    if (/^\s*var\s/.test(line)) {
      problems.push([where, 'use const or let, not var']);
    }
    const imported = /\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/.exec(line);
    const name = imported && (imported[1] ?? imported[2]);
    if (name && BUILTINS.has(name.split('/')[0])) {
      problems.push([where, `import node built-ins as 'node:${name}'`]);
    }
  });
  if (text.length > 0 && !text.endsWith('\n')) {
    problems.push([text.split('\n').length, 'no newline at end of file']);
  }
  return problems;
}

function shellcheck(scripts) {
  if (scripts.length === 0) {
    return 0;
  }
  const result = spawnSync('shellcheck', ['--format=gcc', ...scripts], { encoding: 'utf8' });
  if (result.error) {
    stdout.write('lint: shellcheck not found; install it to lint the shell scripts\n');
    return 1;
  }
  stdout.write(result.stdout);
  return result.status === 0 ? 0 : 1;
}

const files = walk(ROOT).map((path) => relative(ROOT, path)).sort();
let failures = 0;
for (const file of files.filter((path) => path.endsWith('.mjs'))) {
  for (const [line, message] of moduleProblems(readFileSync(file, 'utf8'))) {
    stdout.write(`${file}:${line}: ${message}\n`);
    failures += 1;
  }
}
failures += shellcheck(files.filter((path) => path.endsWith('.sh')));
stdout.write(failures === 0 ? `lint: ${files.length} files clean\n` : `lint: ${failures} problem(s)\n`);
exit(failures === 0 ? 0 : 1);
