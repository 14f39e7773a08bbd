/**
 * The Markdown subset readers may use in comments: paragraphs, line breaks,
 * **bold**, *italic*, `code` and [links](https://example.org). Everything
 * else is shown as typed. Input is escaped first, so raw HTML never passes.
 */
import { escapeHtml, safeHref } from './html.js';

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

function inline(text) {
  const codeSpans = [];
  let out = text.replace(/`([^`\n]+)`/g, (_, code) => {
    codeSpans.push(code);
    return `\u0000${codeSpans.length - 1}\u0000`;
  });
  out = out.replace(LINK, (whole, label, url) => {
    const href = safeHref(url.replaceAll('&amp;', '&'));
    if (href === null) {
      return label;
    }
    return `<a href="${escapeHtml(href)}" rel="nofollow ugc">${label}</a>`;
  });
  out = out
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*\n]+)\*/g, '<em>$1</em>');
  return out.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codeSpans[i]}</code>`);
}

/** Render a comment body to HTML. */
export function renderComment(source) {
  const escaped = escapeHtml(source.replace(/\r\n?/g, '\n').trim());
  if (escaped === '') {
    return '';
  }
  return escaped
    .split(/\n{2,}/)
    .map((para) => `<p>${inline(para).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
}
