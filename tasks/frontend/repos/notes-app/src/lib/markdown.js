// Just enough Markdown for note previews: headings, paragraphs, lists and
// fenced code, as a list of blocks the NoteView component renders.

const HEADING = /^(#{1,6})\s+(.*)$/;
const ITEM = /^\s*(?:[-*+]|\d+\.)\s+(.*)$/;

export function parseBlocks(markdown) {
  const blocks = [];
  let paragraph = [];
  let list = null;
  let code = null;

  function flush() {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push(list);
    paragraph = [];
    list = null;
  }

  for (const line of String(markdown).split('\n')) {
    if (code) {
      if (line.startsWith('```')) {
        blocks.push(code);
        code = null;
      } else {
        code.lines.push(line);
      }
      continue;
    }
    if (line.startsWith('```')) {
      flush();
      code = { type: 'code', lang: line.slice(3).trim(), lines: [] };
      continue;
    }
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1].length, text: heading[2].trim() });
    } else if (item) {
      if (paragraph.length > 0) flush();
      list = list || { type: 'list', items: [] };
      list.items.push(item[1]);
    } else if (line.trim() === '') {
      flush();
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  if (code) blocks.push(code);
  flush();
  return blocks;
}
