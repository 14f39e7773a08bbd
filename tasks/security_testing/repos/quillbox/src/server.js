/**
 * The HTTP side of quillbox: article comment pages, the comment API, sign-in
 * and the moderation endpoints. nginx terminates TLS in front of it.
 */
import { createServer } from 'node:http';

import { issueSession, readSession } from './auth.js';
import { escapeHtml } from './html.js';
import { renderComment } from './markdown.js';
import { loginLink, safeNext } from './redirect.js';

export const PAGE_SIZE = 20;
const MAX_BODY = 16 * 1024;

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function send(res, status, body, headers = {}) {
  const json = typeof body !== 'string';
  res.writeHead(status, {
    'content-type': json ? 'application/json' : 'text/html; charset=utf-8',
    ...headers,
  });
  res.end(json ? JSON.stringify(body) : body);
}

async function readBody(req) {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) {
      throw new HttpError(413, `request body over ${MAX_BODY} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function cookies(req) {
  const out = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key) {
      out[key] = rest.join('=');
    }
  }
  return out;
}

function currentUser(req, ctx) {
  const name = readSession(cookies(req).session, ctx.secret);
  return name ? ctx.accounts.get(name) : null;
}

function requireModerator(req, ctx) {
  const user = currentUser(req, ctx);
  if (!user) {
    throw new HttpError(401, 'sign in first');
  }
  if (user.role !== 'moderator') {
    throw new HttpError(403, `${user.name} is not a moderator`);
  }
  return user;
}

function commentJson(comment) {
  return {
    id: comment.id,
    author: comment.author,
    postedAt: comment.postedAt,
    html: renderComment(comment.body),
  };
}

function pageOf(comments, url) {
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const newest = url.searchParams.get('sort') === 'new';
  const ordered = newest ? [...comments].reverse() : comments;
  return ordered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
}

function articlePage(req, url, ctx, slug) {
  const shown = pageOf(ctx.store.list(slug), url);
  const items = shown
    .map((c) => `<li><b>${escapeHtml(c.author)}</b> ${renderComment(c.body)}</li>`)
    .join('\n');
  const signIn = currentUser(req, ctx)
    ? ''
    : `<a class="login" href="${loginLink(req.url)}">Log in to comment</a>`;
  return `<section id="comments"><ol>${items}</ol>${signIn}</section>`;
}

function loginForm(next, error = '') {
  const message = error ? `<p class="error">${escapeHtml(error)}</p>` : '';
  return `<form method="post" action="/login">${message}
<input type="hidden" name="next" value="${escapeHtml(next)}">
<input name="name"> <input type="password" name="password"> <button>Log in</button></form>`;
}

async function login(req, ctx) {
  const form = new URLSearchParams(await readBody(req));
  const next = form.get('next') ?? '';
  const user = ctx.accounts.authenticate(form.get('name') ?? '', form.get('password') ?? '');
  if (!user) {
    return [401, loginForm(next, 'Wrong name or password.'), {}];
  }
  const cookie = `session=${issueSession(user.name, ctx.secret)}; Path=/; HttpOnly; SameSite=Lax`;
  return [303, '', { location: safeNext(next), 'set-cookie': cookie }];
}

async function postComment(req, ctx, thread) {
  const user = currentUser(req, ctx);
  if (!user) {
    throw new HttpError(401, 'sign in to comment');
  }
  let body;
  try {
    body = JSON.parse(await readBody(req)).body;
  } catch {
    throw new HttpError(400, 'expected a JSON object with a "body" string');
  }
  if (typeof body !== 'string' || body.trim() === '') {
    throw new HttpError(400, 'a comment needs a non-empty "body" string');
  }
  const comment = ctx.store.add({ thread, author: user.name, body });
  return [201, { id: comment.id, status: comment.status }];
}

function moderate(req, ctx, id, action) {
  requireModerator(req, ctx);
  const comment = ctx.store.setStatus(id, action === 'approve' ? 'approved' : 'hidden');
  if (!comment) {
    throw new HttpError(404, `no comment ${id}`);
  }
  return [200, { id, status: comment.status }];
}

async function route(req, ctx) {
  const url = new URL(req.url, 'http://quillbox.local');
  const path = url.pathname;
  let match;
  if (req.method === 'GET' && (match = path.match(/^\/articles\/([\w-]+)$/))) {
    return [200, articlePage(req, url, ctx, match[1])];
  }
  if ((match = path.match(/^\/threads\/([\w-]+)\/comments$/))) {
    if (req.method === 'GET') {
      return [200, pageOf(ctx.store.list(match[1]), url).map(commentJson)];
    }
    if (req.method === 'POST') {
      return postComment(req, ctx, match[1]);
    }
  }
  if (path === '/login') {
    if (req.method === 'GET') {
      return [200, loginForm(url.searchParams.get('next') ?? '/')];
    }
    if (req.method === 'POST') {
      return login(req, ctx);
    }
  }
  if (req.method === 'GET' && path === '/admin/queue') {
    requireModerator(req, ctx);
    return [200, ctx.store.pending().map((c) => ({ ...commentJson(c), thread: c.thread }))];
  }
  if (req.method === 'POST' && (match = path.match(/^\/admin\/comments\/(\d+)\/(approve|hide)$/))) {
    return moderate(req, ctx, Number(match[1]), match[2]);
  }
  throw new HttpError(404, `no route for ${req.method} ${path}`);
}

/** An http.Server answering for `store` and `accounts`, signing sessions with `secret`. */
export function createApp({ store, accounts, secret }) {
  const ctx = { store, accounts, secret };
  return createServer(async (req, res) => {
    try {
      const [status, body, headers] = await route(req, ctx);
      send(res, status, body, headers);
    } catch (error) {
      if (!(error instanceof HttpError)) {
        console.error(error);
      }
      send(res, error.status ?? 500, { error: error.status ? error.message : 'internal error' });
    }
  });
}
