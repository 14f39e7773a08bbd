/**
 * A tiny HTML builder. `h()` returns an `Html` value whose text is already
 * escaped, so nested calls compose without double escaping and user data
 * never reaches the markup unescaped.
 */

const ESCAPES = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const VOID_TAGS = new Set(['br', 'col', 'hr', 'img', 'input', 'meta']);

export class Html {
  constructor(text) {
    this.text = text;
  }

  toString() {
    return this.text;
  }
}

/** Escape text for use in element content or a quoted attribute value. */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/** Mark trusted markup so that `h()` inserts it as it is. */
export function raw(markup) {
  return new Html(String(markup));
}

/**
 * Render attributes. `null`, `undefined` and `false` drop the attribute,
 * `true` writes it bare (`disabled`), anything else is escaped and quoted.
 */
export function renderAttrs(attrs) {
  if (!attrs) {
    return '';
  }
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

function renderChild(child) {
  if (child === null || child === undefined || child === false) {
    return '';
  }
  if (child instanceof Html) {
    return child.text;
  }
  return escapeHtml(child);
}

/**
 * Build an element: `h('td', { class: 'num' }, '42')`. Children may be
 * strings, numbers, `Html` values or (nested) arrays of them.
 */
export function h(tag, attrs, ...children) {
  const open = `<${tag}${renderAttrs(attrs)}>`;
  if (VOID_TAGS.has(tag)) {
    return new Html(open);
  }
  const body = children.flat(Infinity).map(renderChild).join('');
  return new Html(`${open}${body}</${tag}>`);
}
