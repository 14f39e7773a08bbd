import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Accounts, checkPassword, hashPassword, issueSession, readSession } from '../src/auth.js';

const SECRET = 'auth-test-secret-0123456789abcdef';

test('password hashes are salted scrypt', () => {
  const first = hashPassword('correct horse');
  assert.match(first, /^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
  assert.notEqual(first, hashPassword('correct horse'));
  assert.equal(checkPassword('correct horse', first), true);
  assert.equal(checkPassword('wrong horse', first), false);
});

test('authenticate needs the right password', () => {
  const accounts = new Accounts();
  accounts.add('ines', 'pw-1');
  assert.equal(accounts.authenticate('ines', 'pw-1').name, 'ines');
  assert.equal(accounts.authenticate('ines', 'pw-2'), null);
  assert.equal(accounts.authenticate('nobody', 'pw-1'), null);
});

test('sessions round-trip and expire', () => {
  const token = issueSession('ines', SECRET, 1_000);
  assert.equal(readSession(token, SECRET, 2_000), 'ines');
  assert.equal(readSession(token, SECRET, 1_000 + 13 * 3600 * 1000), null);
});

test('tampered or foreign sessions are refused', () => {
  const token = issueSession('ines', SECRET, 1_000);
  assert.equal(readSession(token.replace('ines', 'moss'), SECRET, 2_000), null);
  assert.equal(readSession(token, 'another-secret-0123456789abcdef', 2_000), null);
  assert.equal(readSession('garbage', SECRET, 2_000), null);
  assert.equal(readSession(undefined, SECRET, 2_000), null);
});
