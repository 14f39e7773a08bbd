import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createApp } from '../src/server.js';
import { createStore } from '../src/store.js';

const store = createStore({
  parcels: [{ number: 'PP123456785NL', service: 'express', postcode: '1012AB' }],
  events: [
    { number: 'PP123456785NL', kind: 'sorted', place: 'Nieuwegein', at: '2026-11-16T15:10Z' },
  ],
});
let server;
let base;

before(async () => {
  server = createApp({ store, flags: { tracking_barcode_v2: 100 } });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

test('GET /rates quotes a parcel', async () => {
  const res = await fetch(`${base}/rates?from=1012AB&to=3511LX&weight=1.2&size=30x20x10`);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.options[0].cents, 625);
});

test('GET /rates answers 400 for a bad postcode', async () => {
  const res = await fetch(`${base}/rates?from=1012&to=3511LX&weight=1&size=10x10x10`);
  assert.equal(res.status, 400);
});

test('GET /track shows a known parcel and 404s an unknown one', async () => {
  const ok = await fetch(`${base}/track/PP123456785NL`);
  assert.equal(ok.status, 200);
  assert.equal((await ok.json()).status, 'sorted');
  assert.equal((await fetch(`${base}/track/PP123456789NL`)).status, 404);
});
