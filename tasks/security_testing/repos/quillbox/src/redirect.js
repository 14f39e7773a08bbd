/**
 * Where to send a reader after signing in. The login link carries the page
 * the reader came from as `next`; anything that is not a path on this site
 * falls back to the front page.
 */

export const FALLBACK = '/';

/** The path to redirect to for a `next` value taken from the request. */
export function safeNext(next) {
  if (typeof next !== 'string' || !next.startsWith('/')) {
    return FALLBACK;
  }
  return next;
}

/** The sign-in link for a page, as rendered under each comment thread. */
export function loginLink(pageUrl) {
  return `/login?next=${pageUrl}`;
}
