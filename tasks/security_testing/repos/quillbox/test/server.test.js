import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { signIn, startApp } from './helpers.js';

let app;
before(async () => {
  app = await startApp();
});
after(() => app.close());

async function post(path, body, cookie) {
  return fetch(`${app.base}${path}`, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

test('posting needs a session', async () => {
  const res = await post('/threads/tides/comments', { body: 'hi' });
  assert.equal(res.status, 401);
});

test('a posted comment appears once a moderator approves it', async () => {
  const reader = await signIn(app.base, 'ines', 'reader-pass-1');
  const created = await post('/threads/tides/comments', { body: 'Nice **piece**' }, reader);
  assert.equal(created.status, 201);
  const { id } = await created.json();
  let listed = await (await fetch(`${app.base}/threads/tides/comments`)).json();
  assert.deepEqual(listed, []);

  const moderator = await signIn(app.base, 'moss', 'moderator-pass-1');
  const approved = await post(`/admin/comments/${id}/approve`, '', moderator);
  assert.deepEqual(await approved.json(), { id, status: 'approved' });
  listed = await (await fetch(`${app.base}/threads/tides/comments`)).json();
  assert.equal(listed[0].html, '<p>Nice <strong>piece</strong></p>');
});

test('readers cannot moderate', async () => {
  const reader = await signIn(app.base, 'ines', 'reader-pass-1');
  const res = await post('/admin/comments/1/hide', '', reader);
  assert.equal(res.status, 403);
});

test('an empty comment is refused', async () => {
  const reader = await signIn(app.base, 'ines', 'reader-pass-1');
  const res = await post('/threads/tides/comments', { body: '   ' }, reader);
  assert.equal(res.status, 400);
});

test('login redirects to next and sets an HttpOnly cookie', async () => {
  const res = await fetch(`${app.base}/login`, {
    method: 'POST',
    body: new URLSearchParams({ name: 'ines', password: 'reader-pass-1', next: '/articles/tides' }),
    redirect: 'manual',
  });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), '/articles/tides');
  assert.match(res.headers.get('set-cookie'), /HttpOnly/);
});

test('a wrong password shows the form again', async () => {
  const res = await fetch(`${app.base}/login`, {
    method: 'POST',
    body: new URLSearchParams({ name: 'ines', password: 'nope', next: '/' }),
    redirect: 'manual',
  });
  assert.equal(res.status, 401);
  assert.match(await res.text(), /Wrong name or password/);
});

test('the article page links to sign-in for guests', async () => {
  const html = await (await fetch(`${app.base}/articles/tides`)).text();
  assert.match(html, /href="\/login\?next=\/articles\/tides"/);
});
