import { useState } from 'react';

import NoteView from './NoteView.jsx';

export default function NoteEditor({ note, onChange }) {
  const [preview, setPreview] = useState(false);

  return (
    <div className="editor">
      <input
        aria-label="Title"
        value={note.title}
        onChange={(event) => onChange({ title: event.target.value })}
      />
      <input
        aria-label="Tags"
        placeholder="tags, comma separated"
        defaultValue={note.tags.join(', ')}
        onBlur={(event) => onChange({ tags: event.target.value.split(',') })}
      />
      <button type="button" onClick={() => setPreview(!preview)}>
        {preview ? 'Edit' : 'Preview'}
      </button>
      {preview ? (
        <NoteView note={note} />
      ) : (
        <textarea
          aria-label="Body"
          value={note.body}
          onChange={(event) => onChange({ body: event.target.value })}
        />
      )}
    </div>
  );
}
