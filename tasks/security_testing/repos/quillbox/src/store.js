/**
 * Comments by thread, kept in memory and optionally saved as one JSON file.
 * A comment starts `pending`; moderators move it to `approved` or `hidden`.
 */
import { readFileSync, writeFileSync, renameSync } from 'node:fs';

export const STATUSES = ['pending', 'approved', 'hidden'];

export class CommentStore {
  constructor({ file = null, now = () => new Date() } = {}) {
    this.file = file;
    this.now = now;
    this.comments = [];
    if (file) {
      try {
        this.comments = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        if (error.code !== 'ENOENT') {
          throw error;
        }
      }
    }
  }

  add({ thread, author, body }) {
    const comment = {
      id: this.comments.length + 1,
      thread,
      author,
      body,
      status: 'pending',
      postedAt: this.now().toISOString(),
    };
    this.comments.push(comment);
    this.save();
    return comment;
  }

  get(id) {
    return this.comments.find((c) => c.id === id) ?? null;
  }

  list(thread, { status = 'approved' } = {}) {
    return this.comments.filter(
      (c) => c.thread === thread && (status === 'any' || c.status === status),
    );
  }

  pending() {
    return this.comments.filter((c) => c.status === 'pending');
  }

  setStatus(id, status) {
    if (!STATUSES.includes(status)) {
      const expected = STATUSES.join(', ');
      throw new Error(`unknown comment status ${JSON.stringify(status)}; expected ${expected}`);
    }
    const comment = this.get(id);
    if (!comment) {
      return null;
    }
    comment.status = status;
    this.save();
    return comment;
  }

  save() {
    if (!this.file) {
      return;
    }
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.comments, null, 2));
    renameSync(tmp, this.file);
  }
}
