import { Accounts } from '../src/auth.js';
import { createApp } from '../src/server.js';
import { CommentStore } from '../src/store.js';

export const SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

/** A running app on a free port with a reader and a moderator; close it in `after`. */
export async function startApp({ now } = {}) {
  const store = new CommentStore(now ? { now } : {});
  const accounts = new Accounts();
  accounts.add('ines', 'reader-pass-1');
  accounts.add('moss', 'moderator-pass-1', { role: 'moderator' });
  const server = createApp({ store, accounts, secret: SECRET });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return { store, accounts, server, base, close: () => new Promise((r) => server.close(r)) };
}

/** Sign in through POST /login and return the session cookie to send back. */
export async function signIn(base, name, password) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    body: new URLSearchParams({ name, password, next: '/' }),
    redirect: 'manual',
  });
  const cookie = res.headers.get('set-cookie');
  if (!cookie) {
    throw new Error(`sign-in as ${name} failed with ${res.status}`);
  }
  return cookie.split(';')[0];
}
