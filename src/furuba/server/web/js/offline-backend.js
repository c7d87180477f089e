// @ts-check
// The offline table's backend: the table lives in this browser. furuba's Python runs in a worker
// (offline-worker.js); a LocalSocket speaks to it as the table page's TableSocket speaks to a
// server — the same messages, numbered the same way — and plays the bots' turns one at a time,
// a moment apart so that a player sees each move. After every answer the game is kept in
// IndexedDB (offline-store.js), so a reload or a closed tab resumes it.
import { lang, t } from './i18n.js';
import { deleteTable, getTable, putTable } from './offline-store.js';

/** How long a bot's move waits after the previous move, in ms (a tester may set it lower). */
const PACE_KEY = 'furuba:offline:pace';
const DEFAULT_PACE_MS = 700;

function pace() {
  let saved;
  try { saved = localStorage.getItem(PACE_KEY); } catch { saved = null; }
  const ms = Number(saved);
  return saved !== null && Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_PACE_MS;
}

/** The worker, and its calls as promises: call(op, args) → the result, or an Error with the
 * worker's sentence. */
export class OfflineWorker {
  constructor() {
    this.worker = new Worker('/static/js/offline-worker.js', { type: 'module' });
    this.next = 1;
    this.waiting = new Map();
    this.boot = null;      // how long starting Python took: {python, core, imports} in ms
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener('message', (event) => {
        const data = event.data || {};
        if (data.boot === 'ready') {
          this.boot = data.parts;
          resolve();
        } else if (data.boot === 'failed') {
          reject(new Error(t('offline.failed', { error: data.error })));
        } else if (this.waiting.has(data.id)) {
          const { ok, fail } = this.waiting.get(data.id);
          this.waiting.delete(data.id);
          if ('error' in data) fail(Object.assign(new Error(data.error), { code: data.code }));
          else ok(data.result);
        }
      });
      this.worker.addEventListener('error', (event) => {
        reject(new Error(t('offline.failed', { error: event.message || t('offline.no_worker') })));
      });
    });
  }

  async call(op, args = {}) {
    await this.ready;
    const id = this.next++;
    return new Promise((ok, fail) => {
      this.waiting.set(id, { ok, fail });
      this.worker.postMessage({ id, op, args: { ...args, lang } });
    });
  }
}

let shared = null;

/** The page's one worker (started on first use: it loads Python, a second or two from the cache). */
export function offlineWorker() {
  if (!shared) shared = new OfflineWorker();
  return shared;
}

/** What table.js's TableSocket is, for a table in this browser. */
class LocalSocket {
  /** @param {{worker: OfflineWorker, keep: (answer: object) => Promise<void>}} backend
   * @param {import('./socket.js').SocketHandlers} handlers */
  constructor(backend, handlers) {
    this.backend = backend;
    this.handlers = handlers;
    /** @type {number | null} */
    this.lastSeq = null;
    this.state = 'connecting';
    this.queue = Promise.resolve();
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.botTimer = undefined;
  }

  setState(state) {
    this.state = state;
    this.handlers.onState?.(state);
  }

  open() {
    this.setState('connecting');
    this.run('hello', {});
  }

  /** Start afresh: a new hello, and a whole snapshot. */
  restart() {
    this.lastSeq = null;
    this.open();
  }

  /** @param {import('./protocol-types.js').ClientMessage} message */
  send(message) {
    if (message.type === 'ping') return true;
    this.run('send', { message });
    return true;
  }

  /** One call to the worker at a time, in order; its frames delivered, the game kept. */
  run(op, args) {
    this.queue = this.queue.then(async () => {
      let answer;
      try {
        answer = await this.backend.worker.call(op, args);
      } catch (err) {
        if (op === 'hello') this.setState('gone');
        this.handlers.onError?.({ type: 'error', code: err.code || 'failed', message: err.message });
        return;
      }
      await this.backend.keep(answer);
      this.deliver(answer.frames);
      clearTimeout(this.botTimer);
      if (answer.due) this.botTimer = setTimeout(() => this.run('bot', {}), pace());
    });
    return this.queue;
  }

  /** @param {import('./protocol-types.js').ServerFrame[]} frames */
  deliver(frames) {
    for (const frame of frames) {
      switch (frame.type) {
        case 'welcome':
          this.setState('here');   // "In this browser": the table page's word for a table kept here
          this.handlers.onWelcome?.(frame);
          break;
        case 'snapshot':
          this.lastSeq = frame.seq;
          this.handlers.onSnapshot?.(frame);
          break;
        case 'event':
          if (this.lastSeq !== null && frame.seq <= this.lastSeq) break;
          this.lastSeq = frame.seq;
          this.handlers.onEvent?.(frame);
          break;
        case 'error':
          this.handlers.onError?.(frame);
          break;
        case 'hint':
          this.handlers.onHint?.(frame);
          break;
        default:
          break;
      }
    }
  }
}

/** A number no other game of this browser is likely to have: a table's seed. */
export function randomNumber() {
  return crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
}

/** A new table's id. */
export function newTableId() {
  return `o${randomNumber().toString(36)}${Date.now().toString(36)}`;
}

export const offlineTableUrl = (id) => `/offline/table.html?t=${encodeURIComponent(id)}`;
export const offlineReplayUrl = (id) => `/offline/replay.html?t=${encodeURIComponent(id)}`;

/** A new offline table: kept at once as the settings to start it from (and the game's title,
 * for the list of kept games); the table page's worker makes it, so a new game starts Python once,
 * on the page that plays it. Its address. */
export async function keepNewTable(settings, title) {
  await putTable({ id: settings.id, game: settings.game, title, status: 'starting',
    players: settings.players, seats: settings.seats, pending: settings });
  return offlineTableUrl(settings.id);
}

/** The table page's backend for the offline table `tableId` (see table-backend.js). */
export async function offlineBackend(tableId) {
  const worker = offlineWorker();
  let record = await getTable(tableId).catch(() => undefined);
  let current = null;
  const backend = {
    tableId,
    offline: true,
    worker,
    async load() {
      if (!record) throw new Error(t('offline.missing'));
      if (!record.saved) {   // a new table (keepNewTable): made here, or forgotten if it cannot be
        let made;
        try {
          made = await worker.call('new', { settings: record.pending });
        } catch (err) {
          await deleteTable(tableId).catch(() => {});
          throw err;
        }
        record = { id: record.id, game: record.game, title: made.table.title, status: made.table.status,
          players: made.table.players, seats: made.table.seats, saved: made.saved };
        await putTable(record).catch(() => {});
      }
      const { table, catalog } = await worker.call('open', { saved: record.saved });
      current = table;
      return { table, catalog };
    },
    table: async () => current,
    /** @param {import('./socket.js').SocketHandlers} handlers */
    socket: (handlers) => new LocalSocket(backend, handlers),
    missing: async () => !record,
    /** Keep what the worker answered: the table as it is now, and the game to rebuild it from. */
    async keep(answer) {
      if (!answer || !answer.saved) return;
      current = answer.table;
      record = { ...record, saved: answer.saved, status: answer.table.status, seats: answer.table.seats };
      await putTable(record).catch(() => {});   // private mode: the game goes on, unsaved
    },
    /** A new game with the same seats and options (a new deal). */
    async rematch() {
      const settings = { ...record.saved.settings, id: newTableId(), seed: randomNumber() };
      return keepNewTable(settings, record.title);
    },
    tableUrl: offlineTableUrl,
    replayUrl: offlineReplayUrl,
    inviteUrl: null,
    homeUrl: '/offline/',
  };
  return backend;
}
