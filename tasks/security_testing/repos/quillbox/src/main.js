/**
 * Entry point used by the systemd unit: settings come from the environment.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Accounts } from './auth.js';
import { createApp } from './server.js';
import { CommentStore } from './store.js';

const secret = process.env.QUILLBOX_SESSION_SECRET;
if (!secret || secret.length < 32) {
  throw new Error('QUILLBOX_SESSION_SECRET must be set to at least 32 characters');
}
const dataDir = process.env.QUILLBOX_DATA_DIR ?? './data';
mkdirSync(dataDir, { recursive: true });

const accounts = new Accounts(JSON.parse(readFileSync(join(dataDir, 'accounts.json'), 'utf8')));
const store = new CommentStore({ file: join(dataDir, 'comments.json') });
const port = Number(process.env.QUILLBOX_PORT ?? 8080);

createApp({ store, accounts, secret }).listen(port, '127.0.0.1', () => {
  console.log(`quillbox listening on 127.0.0.1:${port}`);
});
