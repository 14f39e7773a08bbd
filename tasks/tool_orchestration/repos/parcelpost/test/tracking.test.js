import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStore } from '../src/store.js';
import { trackingView } from '../src/tracking.js';

const parcel = { number: 'PP123456785NL', service: 'standard', postcode: '3511LX' };
const events = [
  { number: parcel.number, kind: 'registered', place: 'webshop', at: '2026-11-16T09:00Z' },
  { number: parcel.number, kind: 'sorted', place: 'Nieuwegein', at: '2026-11-16T15:10Z' },
  { number: parcel.number, kind: 'out_for_delivery', place: 'Depot 35', at: '2026-11-17T07:45Z' },
];

test('a parcel without events is registered', () => {
  assert.equal(trackingView(parcel, []).status, 'registered');
});

test('the view shows the latest scan', () => {
  const view = trackingView(parcel, events);
  assert.equal(view.status, 'out_for_delivery');
  assert.equal(view.statusText, 'Out for delivery');
  assert.equal(view.lastScan, '2026-11-17T07:45Z');
});

test('the store keeps events per parcel and refuses unknown parcels', () => {
  const store = createStore({ parcels: [parcel], events });
  assert.equal(store.events(parcel.number).length, 3);
  assert.throws(() => store.addEvent({ number: 'PP000000000NL', kind: 'sorted' }), RangeError);
});
