#!/usr/bin/env node
// Writes docs/API.md from the JSDoc comments of the modules in src/.
// Each exported function or constant with a /** ... */ comment right above it gets a section:
// its summary, a parameter table, what it returns and throws, and its deprecation.
// `render()` is also used by tools/check-docs.mjs to tell whether docs/API.md is stale.

import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MODULES = ['units.js', 'sizes.js'];

const COMMENT_THEN_EXPORT = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export\s+(function|const)\s+(\w+)\s*(\([^)]*\))?/g;
const PARAM = /^@param\s+\{([^}]*)\}\s+(\[?[\w.]+\]?)\s*(?:-\s*)?(.*)$/;
const RETURNS = /^@returns?\s+\{([^}]*)\}\s*(.*)$/;
const THROWS = /^@throws\s+\{([^}]*)\}\s*(.*)$/;

/** The lines of a JSDoc comment body, without the leading stars. */
function commentLines(body) {
  return body.split('\n').map((line) => line.replace(/^\s*\*\s?/, '')).filter((line, i, all) =>
    !(line.trim() === '' && (i === 0 || i === all.length - 1)));
}

/** Summary, tags and examples of one JSDoc comment. */
function parseComment(body) {
  const doc = { summary: [], params: [], returns: null, throws: [], deprecated: null };
  let tag = null;
  for (const line of commentLines(body)) {
    if (line.startsWith('@')) {
      tag = line.split(/\s/, 1)[0];
      let m;
      if ((m = PARAM.exec(line))) doc.params.push({ type: m[1], name: m[2], text: m[3] });
      else if ((m = RETURNS.exec(line))) doc.returns = { type: m[1], text: m[2] };
      else if ((m = THROWS.exec(line))) doc.throws.push({ type: m[1], text: m[2] });
      else if (tag === '@deprecated') doc.deprecated = line.slice(tag.length).trim();
    } else if (tag === null && line.trim() !== '') {
      doc.summary.push(line.trim());
    } else if (tag === '@param' && doc.params.length && line.trim() !== '') {
      doc.params.at(-1).text += ` ${line.trim()}`;
    }
  }
  return doc;
}

/** The documented exports of one module source, in source order. */
export function exportsOf(source) {
  const out = [];
  for (const m of source.matchAll(COMMENT_THEN_EXPORT)) {
    const [, body, kind, name, params] = m;
    const signature = kind === 'function' ? `${name}${params.replace(/\s*=\s*[^,)]+/g, '')}` : name;
    out.push({ kind, name, signature, ...parseComment(body) });
  }
  return out;
}

function section(entry) {
  const lines = [`### ${entry.signature}`, ''];
  if (entry.deprecated) lines.push(`**Deprecated.** ${entry.deprecated}`, '');
  lines.push(entry.summary.join(' '), '');
  if (entry.params.length) {
    lines.push('| Parameter | Type | Description |', '| --- | --- | --- |');
    for (const p of entry.params) lines.push(`| \`${p.name}\` | \`${p.type}\` | ${p.text} |`);
    lines.push('');
  }
  if (entry.returns) lines.push(`**Returns** \`${entry.returns.type}\`: ${entry.returns.text}`, '');
  for (const t of entry.throws) lines.push(`**Throws** \`${t.type}\`: ${t.text}`, '');
  return lines;
}

/** The text of docs/API.md for the current sources. */
export function render() {
  const lines = ['# API reference', '',
    'Generated from the JSDoc comments in `src/` by `npm run docs`; edit the comments, not this file.', ''];
  for (const file of MODULES) {
    lines.push(`## ${file.replace(/\.js$/, '')}`, '');
    const source = readFileSync(join(ROOT, 'src', file), 'utf8');
    for (const entry of exportsOf(source)) lines.push(...section(entry));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Source modules missing from MODULES, so a new module is not silently left out. */
export function unlistedModules() {
  return readdirSync(join(ROOT, 'src')).filter((f) => f.endsWith('.js') && f !== 'index.js' && !MODULES.includes(f));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(join(ROOT, 'docs', 'API.md'), render());
  console.log('wrote docs/API.md');
}
