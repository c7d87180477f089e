// @ts-check
// Where the table page's table lives: on a furuba server (/t/ID: HTTP and a WebSocket), or in this
// browser (/offline/table.html?t=ID: furuba's Python in a worker, the game kept in IndexedDB). The
// table page asks its backend for the table, its catalog and a socket, and never knows which it
// has: both speak the same messages (docs/WEB-API.md).
import './page-home.js';   // the offline app's pages show themselves as its own
import { getJSON, tableIdFromPath } from './api.js';
import { TableSocket } from './socket.js';

/** The server's table. */
function onlineBackend() {
  const tableId = tableIdFromPath();
  const base = `/api/tables/${encodeURIComponent(tableId)}`;
  return {
    tableId,
    offline: false,
    async load() {
      const table = await getJSON(base);
      return { table, catalog: await getJSON(`${base}/catalog`).catch(() => ({})) };
    },
    table: () => getJSON(base),
    /** @param {import('./socket.js').SocketHandlers} handlers @param {() => string[]} tokens */
    socket: (handlers, tokens) => new TableSocket(tableId, handlers, tokens),
    /** Whether there is no such table (as opposed to a server that cannot answer now). */
    async missing() {
      try {
        return (await fetch(base, { headers: { accept: 'application/json' } })).status === 404;
      } catch {
        return false;
      }
    },
    tableUrl: (id) => `/t/${encodeURIComponent(id)}`,
    replayUrl: (id) => `/replay/${encodeURIComponent(id)}`,
    inviteUrl: (id) => `${location.origin}/t/${encodeURIComponent(id)}`,
    homeUrl: '/',
  };
}

/** The page's backend, from its address. */
export async function tableBackend() {
  if (!location.pathname.startsWith('/offline/')) return onlineBackend();
  const { offlineBackend } = await import('./offline-backend.js');
  return offlineBackend(new URLSearchParams(location.search).get('t') || '');
}
