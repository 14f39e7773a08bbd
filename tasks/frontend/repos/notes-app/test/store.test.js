import { test } from 'node:test';
import assert from 'node:assert/strict';

import { createNoteStore, memoryStorage, slugify } from '../src/lib/store.js';

function clock() {
  let time = 1000;
  return () => (time += 1);
}

test('slugify builds ids from titles', () => {
  assert.equal(slugify('Team sync: Q3!'), 'team-sync-q3');
  assert.equal(slugify('???'), 'note');
});

test('notes are saved to the storage adapter and loaded back', () => {
  const storage = memoryStorage();
  const store = createNoteStore(storage, { now: clock() });
  store.create({ title: 'Groceries', body: 'milk', tags: ['Home', ' home '] });
  const reloaded = createNoteStore(storage);
  assert.deepEqual(reloaded.get('groceries').tags, ['home']);
  assert.equal(reloaded.list().length, 1);
});

test('ids stay unique and the list is newest first', () => {
  const store = createNoteStore(memoryStorage(), { now: clock() });
  store.create({ title: 'Plan' });
  store.create({ title: 'Plan' });
  assert.deepEqual(store.list().map((note) => note.id), ['plan-2', 'plan']);
  store.update('plan', { body: 'edited' });
  assert.equal(store.list()[0].id, 'plan');
});

test('update keeps the id and rejects unknown notes', () => {
  const store = createNoteStore(memoryStorage(), { now: clock() });
  store.create({ title: 'Plan' });
  assert.equal(store.update('plan', { id: 'other', title: 'Plan B' }).id, 'plan');
  assert.throws(() => store.update('missing', {}), /no note with id "missing"/);
});

test('subscribers hear about every change; broken storage starts empty', () => {
  const store = createNoteStore(memoryStorage({ 'notes-app/notes': '{not json' }));
  assert.deepEqual(store.list(), []);
  let changes = 0;
  const unsubscribe = store.subscribe(() => {
    changes += 1;
  });
  store.create({ title: 'A' });
  store.remove('a');
  unsubscribe();
  store.create({ title: 'B' });
  assert.equal(changes, 2);
});

test('allTags lists every tag once', () => {
  const store = createNoteStore(memoryStorage());
  store.create({ title: 'A', tags: ['work', 'ideas'] });
  store.create({ title: 'B', tags: ['work'] });
  assert.deepEqual(store.allTags(), ['ideas', 'work']);
});
