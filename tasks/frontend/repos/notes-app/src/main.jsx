import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import App from './App.jsx';
import { createRouter } from './lib/router.js';
import { createNoteStore } from './lib/store.js';

const store = createNoteStore(window.localStorage);
const router = createRouter(window);

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
