// The note store: notes live in one JSON document in a storage adapter with the
// localStorage interface (getItem/setItem), so tests can use memoryStorage().

const STORAGE_KEY = 'notes-app/notes';

export function memoryStorage(entries = {}) {
  const data = new Map(Object.entries(entries));
  return {
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

export function slugify(title) {
  const slug = String(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'note';
}

function normaliseTags(tags) {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))].sort();
}

export function createNoteStore(storage, { now = () => Date.now() } = {}) {
  let notes = load();
  const listeners = new Set();

  function load() {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return [];
    try {
      const parsed = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }

  function commit(next) {
    notes = next;
    storage.setItem(STORAGE_KEY, JSON.stringify(notes));
    for (const listener of listeners) listener();
  }

  function uniqueId(base) {
    let id = base;
    for (let n = 2; notes.some((note) => note.id === id); n += 1) id = `${base}-${n}`;
    return id;
  }

  function list() {
    return [...notes].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  function get(id) {
    return notes.find((note) => note.id === id) ?? null;
  }

  function create({ title = 'Untitled', body = '', tags = [] } = {}) {
    const note = {
      id: uniqueId(slugify(title)),
      title,
      body,
      tags: normaliseTags(tags),
      updatedAt: now(),
    };
    commit([...notes, note]);
    return note;
  }

  function update(id, changes) {
    const current = get(id);
    if (!current) throw new Error(`no note with id "${id}"`);
    const next = { ...current, ...changes, id, updatedAt: now() };
    if (changes.tags) next.tags = normaliseTags(changes.tags);
    commit(notes.map((note) => (note.id === id ? next : note)));
    return next;
  }

  function remove(id) {
    commit(notes.filter((note) => note.id !== id));
  }

  function allTags() {
    return normaliseTags(notes.flatMap((note) => note.tags));
  }

  function subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return { list, get, create, update, remove, allTags, subscribe };
}
