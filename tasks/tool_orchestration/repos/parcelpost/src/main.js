// Entry point: `npm start` serves the sample store on PORT (default 8080).
import { createApp } from './server.js';
import { loadFlags } from './rollout.js';
import { sampleStore } from './store.js';

const port = Number(process.env.PORT ?? 8080);
createApp({ store: sampleStore(), flags: loadFlags() }).listen(port, () => {
  process.stdout.write(`parcelpost listening on ${port}\n`);
});
