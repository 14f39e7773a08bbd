// Filtering the note list by what the user types in the sidebar.

import { tokenize } from './tokenize.js';

export function matches(note, terms) {
  const haystack = `${note.title}\n${note.body}`.toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

export function searchNotes(notes, query) {
  const terms = tokenize(query);
  if (terms.length === 0) return notes;
  return notes.filter((note) => matches(note, terms));
}
