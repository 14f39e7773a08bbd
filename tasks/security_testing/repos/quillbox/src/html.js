/**
 * HTML helpers shared by the Markdown renderer and the moderation pages.
 */

const ESCAPES = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escape text for use in HTML element content and quoted attributes. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/**
 * The href to emit for a link a reader wrote, or null when the link must be
 * dropped. Readers link to articles and sources, so only web and mail links
 * and site-relative paths are kept.
 */
export function safeHref(url) {
  const trimmed = url.trim();
  if (trimmed.startsWith('javascript:') || trimmed.startsWith('data:')) {
    return null;
  }
  return trimmed;
}
