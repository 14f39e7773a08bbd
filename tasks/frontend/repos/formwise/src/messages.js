// Turning validation errors into text for people.

const defaultMessages = Object.freeze(require('../locales/en.json'));

const PLACEHOLDER = /\{(\w+)\}/g;

function humanize(field) {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function interpolate(template, params) {
  return template.replace(PLACEHOLDER, (match, key) => {
    if (!(key in params)) return match;
    const value = params[key];
    return Array.isArray(value) ? value.join(', ') : String(value);
  });
}

function formatError(err, { label, messages = {} } = {}) {
  const template = messages[err.code] || defaultMessages[err.code];
  const params = { ...err.params, label: label || humanize(err.field || 'value') };
  if (!template) return `${params.label} is invalid (${err.code})`;
  return interpolate(template, params);
}

function formatErrors(errors, { labels = {}, messages = {} } = {}) {
  const out = {};
  for (const [field, list] of Object.entries(errors)) {
    out[field] = list.map((err) => formatError(err, { label: labels[field], messages }));
  }
  return out;
}

module.exports = { defaultMessages, humanize, interpolate, formatError, formatErrors };
