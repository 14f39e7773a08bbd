#!/usr/bin/env node
// tablekit's linter: whitespace and line length everywhere, plus the
// library's own rules (no DOM, no console, named exports) for src/.
// Usage: node tools/lint.mjs [path ...]  (default: src test tools examples)

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

const MAX_LINE = 100;
const CHECKED = new Set(['.js', '.mjs', '.html', '.json', '.md']);
const SCRIPTS = new Set(['.js', '.mjs']);

const RULES = [
  {
    test: (line) => /\s+$/.test(line),
    message: 'trailing whitespace',
  },
  {
    test: (line) => /^\t/.test(line),
    message: 'tab indentation (use two spaces)',
  },
  {
    test: (line) => line.length > MAX_LINE,
    message: `line longer than ${MAX_LINE} characters`,
  },
];

// Built from strings so that this file does not flag its own patterns.
const LOOSE_EQUALITY = new RegExp('[^=!<>]==(?!=)|!=(?!=)');

const SCRIPT_RULES = [
  {
    test: (code) => /(^|[^\w$.])var\s/.test(code),
    message: 'var declaration (use const or let)',
  },
  {
    test: (code) => LOOSE_EQUALITY.test(code),
    message: 'loose equality (use === or !==)',
  },
  {
    test: (code, path) => path.startsWith('src/') && /\bdebugger\b/.test(code),
    message: 'debugger statement',
  },
  {
    test: (code, path) =>
      path.startsWith('src/') && /\bconsole\.log\(/.test(code),
    message: 'console.log in library code',
  },
  {
    // src/ builds strings only; the page owns the DOM (see AGENTS.md).
    test: (code, path) =>
      path.startsWith('src/') && /\b(document|window)\.\w/.test(code),
    message: 'DOM access in src/ (render strings, let the page touch the DOM)',
  },
  {
    test: (code, path) => path.startsWith('src/') && /\bexport\s+default\b/.test(code),
    message: 'default export (src/ modules export by name)',
  },
  {
    test: (code, path) => path.startsWith('test/') && /\b(test|describe|it)\.only\(/.test(code),
    message: '.only() left in a test file',
  },
];

// Blank out string literals and line comments so that rules only see code.
function codeOnly(line) {
  return line
    .replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '""')
    .replace(/\/\/.*$/, '');
}

function* files(path) {
  const stats = statSync(path);
  if (stats.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name !== 'node_modules' && !name.startsWith('.')) {
        yield* files(join(path, name));
      }
    }
  } else if (CHECKED.has(extname(path))) {
    yield path;
  }
}

function lintFile(path) {
  const text = readFileSync(path, 'utf8');
  const shown = relative(process.cwd(), path);
  const problems = [];
  if (text.length > 0 && !text.endsWith('\n')) {
    problems.push(`${shown}: missing newline at end of file`);
  }
  const script = SCRIPTS.has(extname(path));
  text.split('\n').forEach((line, index) => {
    const where = `${shown}:${index + 1}`;
    for (const rule of RULES) {
      if (rule.test(line)) {
        problems.push(`${where}: ${rule.message}`);
      }
    }
    if (!script) {
      return;
    }
    const code = codeOnly(line);
    for (const rule of SCRIPT_RULES) {
      if (rule.test(code, shown)) {
        problems.push(`${where}: ${rule.message}`);
      }
    }
  });
  return problems;
}

const targets = process.argv.slice(2);
const roots = targets.length > 0
  ? targets
  : ['src', 'test', 'tools', 'examples'];
const problems = roots.flatMap((root) => [...files(root)].flatMap(lintFile));
for (const problem of problems) {
  console.log(problem);
}
if (problems.length > 0) {
  console.log(`${problems.length} problem(s)`);
  process.exitCode = 1;
} else {
  console.log('lint: ok');
}
