// Splitting note text into lowercase words for search.

const STOP_WORDS = new Set(['a', 'an', 'and', 'in', 'of', 'on', 'or', 'the', 'to']);

export function words(text) {
  return String(text)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function tokenize(text) {
  return words(text).filter((word) => !STOP_WORDS.has(word));
}
