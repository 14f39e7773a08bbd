/**
 * Reader accounts and signed session cookies. Passwords are scrypt hashes;
 * a session is `<user>.<expiry>.<hmac>` signed with the service secret.
 */
import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

export const SESSION_HOURS = 12;

export function hashPassword(password, salt = randomBytes(16).toString('hex')) {
  const key = scryptSync(password, salt, 32).toString('hex');
  return `scrypt$${salt}$${key}`;
}

function sameText(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function checkPassword(password, stored) {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) {
    return false;
  }
  return sameText(hashPassword(password, salt).split('$')[2], key);
}

export class Accounts {
  constructor(users = []) {
    this.users = new Map(users.map((u) => [u.name, u]));
  }

  add(name, password, { role = 'reader' } = {}) {
    const user = { name, role, hash: hashPassword(password) };
    this.users.set(name, user);
    return user;
  }

  authenticate(name, password) {
    const user = this.users.get(name);
    return user && checkPassword(password, user.hash) ? user : null;
  }

  get(name) {
    return this.users.get(name) ?? null;
  }
}

function sign(payload, secret) {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function issueSession(name, secret, now = Date.now()) {
  const payload = `${name}.${now + SESSION_HOURS * 3600 * 1000}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** The user name a session cookie stands for, or null. */
export function readSession(token, secret, now = Date.now()) {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3) {
    return null;
  }
  const [name, expires, signature] = parts;
  if (!sameText(signature, sign(`${name}.${expires}`, secret))) {
    return null;
  }
  return Number(expires) > now ? name : null;
}
