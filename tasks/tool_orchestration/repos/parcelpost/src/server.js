// HTTP API: GET /rates and GET /track/<number>. JSON in, JSON out.
import { createServer } from 'node:http';
import { parseV1, parseV2 } from './barcode.js';
import { parseSize, quote } from './rates.js';
import { enabled } from './rollout.js';
import { trackingView } from './tracking.js';

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function rates(params) {
  const grams = Math.round(Number(params.get('weight')) * 1000);
  return quote({
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    grams,
    size: parseSize(params.get('size') ?? ''),
  });
}

/** The request handler over a parcel `store` and the flag percentages `flags`. */
export function createHandler({ store, flags }) {
  return (req, res) => {
    const url = new URL(req.url, 'http://parcelpost.local');
    try {
      if (req.method === 'GET' && url.pathname === '/rates') {
        return send(res, 200, rates(url.searchParams));
      }
      const track = /^\/track\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && track) {
        const typed = decodeURIComponent(track[1]);
        const parse = enabled(flags, 'tracking_barcode_v2', typed) ? parseV2 : parseV1;
        const number = parse(typed);
        const parcel = number && store.parcel(number);
        if (!parcel) return send(res, 404, { error: `no parcel with number ${typed}` });
        return send(res, 200, trackingView(parcel, store.events(number)));
      }
      return send(res, 404, { error: 'not found' });
    } catch (err) {
      if (err instanceof RangeError) return send(res, 400, { error: err.message });
      throw err;
    }
  };
}

/** An HTTP server for the handler. */
export function createApp(deps) {
  return createServer(createHandler(deps));
}
