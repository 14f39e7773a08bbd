// Message catalogues shipped in locales/, one JSON file per language.

const fs = require('node:fs');
const path = require('node:path');

const LOCALE = /^[a-z]{2}(?:-[A-Z]{2})?$/;
const cache = new Map();

function localeFile(locale) {
  return path.join(__dirname, '..', 'locales', `${locale}.json`);
}

function availableLocales() {
  return fs
    .readdirSync(path.join(__dirname, '..', 'locales'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

function loadMessages(locale) {
  if (!LOCALE.test(locale)) {
    throw new RangeError(`locale must look like "de" or "pt-BR", got ${JSON.stringify(locale)}`);
  }
  if (!cache.has(locale)) {
    const base = locale.split('-')[0];
    const file = fs.existsSync(localeFile(locale)) ? localeFile(locale) : localeFile(base);
    if (!fs.existsSync(file)) {
      const known = availableLocales().join(', ');
      throw new RangeError(`no messages for locale "${locale}"; available: ${known}`);
    }
    cache.set(locale, Object.freeze(JSON.parse(fs.readFileSync(file, 'utf8'))));
  }
  return cache.get(locale);
}

module.exports = { availableLocales, loadMessages };
