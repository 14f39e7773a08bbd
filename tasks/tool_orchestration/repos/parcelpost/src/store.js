// In-memory parcel store for development and tests; production's store has the same shape
// (db/schema.sql), filled by the scanners.
import { readFileSync } from 'node:fs';

export const SAMPLE = new URL('../data/parcels.json', import.meta.url);

/** A store over `{parcels: [...], events: [...]}`; events keep the order they were received in. */
export function createStore({ parcels = [], events = [] } = {}) {
  const byNumber = new Map(parcels.map((p) => [p.number, p]));
  const received = [...events];
  return {
    parcel: (number) => byNumber.get(number) ?? null,
    events: (number) => received.filter((e) => e.number === number),
    addEvent(event) {
      if (!byNumber.has(event.number)) throw new RangeError(`unknown parcel ${event.number}`);
      received.push(event);
    },
  };
}

/** The sample store of data/parcels.json. */
export function sampleStore(file = SAMPLE) {
  return createStore(JSON.parse(readFileSync(file, 'utf8')));
}
