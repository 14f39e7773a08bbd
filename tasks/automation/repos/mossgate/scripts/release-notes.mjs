#!/usr/bin/env node
// Prints Markdown release notes for the commits since the last tag (or for a given range).
import { execFileSync } from 'node:child_process';
import { argv, cwd, stdout } from 'node:process';
import { pathToFileURL } from 'node:url';

const SECTIONS = [
  ['feat', 'Features'],
  ['fix', 'Fixes'],
];

export function parseSubject(subject) {
  const match = /^(\w+)(?:\(([\w-]+)\))?: (.+)$/.exec(subject);
  if (!match) {
    return { type: 'other', scope: null, summary: subject };
  }
  return { type: match[1], scope: match[2] ?? null, summary: match[3] };
}

export function renderNotes(title, subjects) {
  const entries = subjects.map(parseSubject);
  const lines = [`## ${title}`];
  const known = new Set(SECTIONS.map(([type]) => type));
  const groups = [
    ...SECTIONS.map(([type, heading]) => [heading, entries.filter((entry) => entry.type === type)]),
    ['Other changes', entries.filter((entry) => !known.has(entry.type))],
  ];
  for (const [heading, items] of groups) {
    if (items.length === 0) {
      continue;
    }
    lines.push('', `### ${heading}`, '');
    for (const item of items) {
      lines.push(item.scope ? `- **${item.scope}:** ${item.summary}` : `- ${item.summary}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function commitSubjects(repo, range) {
  const output = execFileSync('git', ['log', '--no-merges', '--format=%s', range], { cwd: repo, encoding: 'utf8' });
  return output.split('\n').filter((line) => line !== '');
}

function lastTag(repo) {
  try {
    return execFileSync('git', ['describe', '--tags', '--abbrev=0'], { cwd: repo, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return null;
  }
}

function main(args) {
  const repo = cwd();
  const tag = lastTag(repo);
  const range = args[0] ?? (tag ? `${tag}..HEAD` : 'HEAD');
  stdout.write(renderNotes(`Changes in ${range}`, commitSubjects(repo, range)));
}

if (import.meta.url === pathToFileURL(argv[1]).href) {
  main(argv.slice(2));
}
