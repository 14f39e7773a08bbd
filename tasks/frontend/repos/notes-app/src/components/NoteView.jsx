import { parseBlocks } from '../lib/markdown.js';

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

export default function NoteView({ note }) {
  const blocks = parseBlocks(note.body);
  return (
    <article className="note-view">
      <h1>{note.title}</h1>
      <p className="tags">
        {note.tags.map((tag) => <span key={tag}>{tag}</span>)}
      </p>
      {blocks.map((block, position) => {
        const key = `${block.type}-${position}`;
        if (block.type === 'heading') {
          const Tag = HEADING_TAGS[Math.min(block.level, 6) - 1];
          return <Tag key={key}>{block.text}</Tag>;
        }
        if (block.type === 'list') {
          return (
            <ul key={key}>
              {block.items.map((item) => <li key={item}>{item}</li>)}
            </ul>
          );
        }
        if (block.type === 'code') {
          return <pre key={key}><code>{block.lines.join('\n')}</code></pre>;
        }
        return <p key={key}>{block.text}</p>;
      })}
    </article>
  );
}
