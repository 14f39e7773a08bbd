import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { commitSubjects, parseSubject, renderNotes } from '../scripts/release-notes.mjs';

test('parseSubject reads type, scope and summary', () => {
  assert.deepEqual(parseSubject('fix(cli): exit 2 on unknown flags'), {
    type: 'fix', scope: 'cli', summary: 'exit 2 on unknown flags',
  });
  assert.deepEqual(parseSubject('Bump lockfile'), { type: 'other', scope: null, summary: 'Bump lockfile' });
});

test('renderNotes groups features, fixes and the rest', () => {
  const notes = renderNotes('Changes in v1.2.0..HEAD', [
    'feat(web): dark mode',
    'fix: trailing slash in links',
    'chore: bump dev tools',
  ]);
  assert.equal(notes, [
    '## Changes in v1.2.0..HEAD',
    '',
    '### Features',
    '',
    '- **web:** dark mode',
    '',
    '### Fixes',
    '',
    '- trailing slash in links',
    '',
    '### Other changes',
    '',
    '- bump dev tools',
    '',
  ].join('\n'));
});

test('commitSubjects lists a range without merge commits', (t) => {
  const repo = mkdtempSync(join(tmpdir(), 'mossgate-git-'));
  t.after(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'first');
  git('tag', 'v0.1.0');
  git('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'feat: second');
  assert.deepEqual(commitSubjects(repo, 'v0.1.0..HEAD'), ['feat: second']);
});
