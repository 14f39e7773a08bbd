import { useEffect, useMemo, useState } from 'react';

import NoteEditor from './components/NoteEditor.jsx';
import NoteList from './components/NoteList.jsx';
import { searchNotes } from './lib/search.js';

export default function App({ store, router }) {
  const [notes, setNotes] = useState(() => store.list());
  const [route, setRoute] = useState(router.current);
  const [selectedId, setSelectedId] = useState(
    router.current.name === 'note' ? router.current.params.id : null,
  );
  const [query, setQuery] = useState('');

  useEffect(() => store.subscribe(() => setNotes(store.list())), [store]);

  useEffect(() => {
    const stop = router.start();
    const unsubscribe = router.subscribe((next) => {
      setRoute(next);
      if (next.name === 'note') setSelectedId(next.params.id);
      if (next.name === 'home') setSelectedId(null);
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, [router]);

  const visible = useMemo(() => {
    const tagged = route.name === 'tag'
      ? notes.filter((note) => note.tags.includes(route.params.tag))
      : notes;
    return searchNotes(tagged, query);
  }, [notes, route, query]);
  const selected = selectedId ? store.get(selectedId) : null;

  function select(id) {
    setSelectedId(id);
    router.navigate({ name: 'note', params: { id } });
  }

  function createNote() {
    select(store.create({ title: 'Untitled' }).id);
  }

  return (
    <div className="app">
      <aside className="sidebar">
        <input
          type="search"
          placeholder="Filter notes"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="button" onClick={createNote}>New note</button>
        <NoteList notes={visible} selectedId={selectedId} onSelect={select} />
      </aside>
      <main className="content">
        {selected ? (
          <NoteEditor
            key={selected.id}
            note={selected}
            onChange={(changes) => store.update(selected.id, changes)}
          />
        ) : (
          <p className="empty">Select a note or create one.</p>
        )}
      </main>
    </div>
  );
}
