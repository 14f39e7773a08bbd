// A small hash router: the app's location lives in `location.hash`
// (`#/notes/<id>`, `#/tags/<tag>`), so links work without a server.

const ROUTES = [
  { name: 'home', pattern: /^\/?$/, keys: [] },
  { name: 'note', pattern: /^\/notes\/([^/]+)$/, keys: ['id'] },
  { name: 'tag', pattern: /^\/tags\/([^/]+)$/, keys: ['tag'] },
];

export function parseHash(hash) {
  const path = hash.replace(/^#/, '') || '/';
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (match) {
      const params = {};
      route.keys.forEach((key, index) => {
        params[key] = match[index + 1];
      });
      return { name: route.name, params };
    }
  }
  return { name: 'home', params: {} };
}

export function formatHash(route) {
  switch (route.name) {
    case 'note':
      return `#/notes/${route.params.id}`;
    case 'tag':
      return `#/tags/${route.params.tag}`;
    default:
      return '#/';
  }
}

export function createRouter(win = window) {
  let current = parseHash(win.location.hash);
  const listeners = new Set();

  function onHashChange() {
    const next = parseHash(win.location.hash);
    if (next.name === current.name) return;
    current = next;
    for (const listener of listeners) listener(current);
  }

  return {
    get current() {
      return current;
    },
    navigate(route) {
      const hash = formatHash(route);
      if (hash !== win.location.hash) win.location.hash = hash;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      win.addEventListener('hashchange', onHashChange);
      return () => win.removeEventListener('hashchange', onHashChange);
    },
  };
}
