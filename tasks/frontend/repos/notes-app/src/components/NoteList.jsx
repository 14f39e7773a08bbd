import { excerpt } from '../lib/excerpt.js';

export default function NoteList({ notes, selectedId, onSelect }) {
  if (notes.length === 0) return <p className="empty">No notes match.</p>;
  return (
    <ul className="note-list">
      {notes.map((note) => (
        <li
          key={note.id}
          className={note.id === selectedId ? 'selected' : undefined}
          onClick={() => onSelect(note.id)}
        >
          <strong>{note.title}</strong>
          <div className="excerpt">{excerpt(note.body, 80)}</div>
        </li>
      ))}
    </ul>
  );
}
