// @ts-check
// The table's WebSocket: numbered events, resync on gaps, automatic reconnection with backoff,
// closed while the page is hidden and reopened when it is shown (mobile browsers keep dead sockets).
// With several server processes, a socket relayed to the process that drives the table is told that
// process's route (`welcome.route`): a second socket opened with ?via=ROUTE reaches it directly and
// takes over, and only then is the relayed one closed, so the seat never looks empty.
// A socket closed because its session ended (4401: signed out here or elsewhere, a new password,
// a deleted account) is not reopened: the page says so, and a reload after signing in goes on.
// Nor is a socket refused as a spectator of a sealed table whose game is not over (4425): taking
// a seat (restart) opens a new one.

import { t } from './i18n.js';
import { toast } from './prefs.js';

const PING_MS = 25000;
const CLOSE_SIGNED_OUT = 4401;
const CLOSE_SEALED = 4425;
const MAX_BACKOFF_MS = 10000;

/** @typedef {import('./protocol-types.js').ServerFrame} ServerFrame */
/** @typedef {import('./protocol-types.js').ClientMessage} ClientMessage */
/** @typedef {import('./protocol-types.js').Welcome} Welcome */
/** @typedef {import('./protocol-types.js').Snapshot} Snapshot */
/** @typedef {import('./protocol-types.js').Event} EventFrame */
/** @typedef {import('./protocol-types.js').ErrorMsg} ErrorMsg */
/** @typedef {import('./protocol-types.js').HintMsg} HintMsg */
/**
 * What the table does with the socket's frames and states.
 * @typedef {object} SocketHandlers
 * @property {(msg: Snapshot) => void} [onSnapshot]
 * @property {(msg: EventFrame) => void} [onEvent]
 * @property {(msg: Welcome) => void} [onWelcome]
 * @property {(msg: ErrorMsg) => void} [onError]
 * @property {(msg: HintMsg) => void} [onHint]
 * @property {(state: string) => void} [onState]
 */

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {SocketHandlers} handlers onSnapshot(msg), onEvent(msg), onWelcome(msg), onError(msg), onHint(msg),
   *   onState(state) with state one of 'connecting', 'open', 'reconnecting', 'paused', 'gone',
   *   'signed_out', 'sealed'
   * @param {() => string[]} tokens the seat tokens to present in hello
   */
  constructor(tableId, handlers, tokens) {
    this.tableId = tableId;
    this.handlers = handlers;
    this.tokens = tokens;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {number | null} seq of the latest message applied; null until the first snapshot */
    this.lastSeq = null;
    /** @type {string | null} */
    this.epoch = null;
    /** @type {number | null} */
    this.syncingFrom = null;
    this.attempt = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retryTimer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.pingTimer = undefined;
    this.paused = false;
    this.gone = false;
    this.sealed = false;   // refused as a spectator of a sealed table whose game is not over
    this.state = 'connecting';
    /** @type {string | null} the route our sockets ask for (see the top of this file) */
    this.via = null;
    /** @type {WebSocket | null} a socket opened to the route, until its welcome says it is direct */
    this.pending = null;
    /** @type {string | null} the route `pending` was opened to */
    this.pendingRoute = null;
    this.welcomed = false; // whether the current socket got its welcome
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.pause();
      else this.resume();
    });
    window.addEventListener('pagehide', () => this.pause());
    window.addEventListener('pageshow', () => { if (document.visibilityState !== 'hidden') this.resume(); });
    window.addEventListener('online', () => this.resume());
  }

  /** @param {string} state */
  setState(state) {
    this.state = state;
    this.handlers.onState?.(state);
  }

  /** @param {string | null} via */
  url(via) {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const query = via ? `?via=${encodeURIComponent(via)}` : '';
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}${query}`;
  }

  /** A new socket saying hello with our tokens, and what we had when we had anything.
   * @param {string | null} via */
  connect(via) {
    const ws = new WebSocket(this.url(via));
    ws.addEventListener('open', () => {
      /** @type {import('./protocol-types.js').Hello} */
      const hello = { type: 'hello', tokens: this.tokens() };
      if (this.lastSeq !== null && this.epoch) {
        hello.last_seq = this.lastSeq;
        hello.epoch = this.epoch;
      }
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener('message', (ev) => {
      /** @type {ServerFrame} */
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (ws === this.pending) this.arrived(ws, msg);
      else if (ws === this.ws) this.receive(msg);
    });
    ws.addEventListener('close', (ev) => {
      if (ws === this.pending) this.pending = null;
      if (ws !== this.ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      if (!this.welcomed) this.via = null;  // that route's process is gone: any process will do
      if (ev.code === 4404) {
        this.gone = true;
        this.setState('gone');
        return;
      }
      if (ev.code === CLOSE_SIGNED_OUT) {  // reconnecting with the ended session would not help
        this.gone = true;
        this.setState('signed_out');
        toast(t('table.signed_out'), 'error');
        return;
      }
      if (ev.code === CLOSE_SEALED) {  // the refusal said why (an error); retrying would not help
        this.sealed = true;
        this.setState('sealed');
        return;
      }
      if (this.paused) {
        this.setState('paused');
        return;
      }
      this.scheduleRetry();
    });
    return ws;
  }

  open() {
    if (this.gone || this.sealed || this.paused) return;
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    clearTimeout(this.retryTimer);
    this.welcomed = false;
    this.ws = this.connect(this.via);
    this.setState(this.attempt ? 'reconnecting' : 'connecting');
  }

  /** Move to the process that drives the table: open a socket to its route (once at a time).
   * @param {string} route */
  goDirect(route) {
    if (this.pending || this.paused || this.gone) return;
    this.pending = this.connect(route);
    this.pendingRoute = route;
  }

  /** The first message of the socket opened to a route: take it over if it is served directly.
   * @param {WebSocket} ws @param {ServerFrame} msg */
  arrived(ws, msg) {
    this.pending = null;
    if (msg.type !== 'welcome' || msg.route) {  // not direct there either: stay where we are
      ws.close(1000, 'not direct');
      return;
    }
    const old = this.ws;
    this.via = this.pendingRoute;
    this.ws = ws;
    if (old) old.close(1000, 'moved to a direct socket');
    this.receive(msg);
  }

  scheduleRetry() {
    this.attempt += 1;
    const delay = Math.min(MAX_BACKOFF_MS, 300 * 2 ** Math.min(this.attempt - 1, 6));
    this.setState('reconnecting');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay * (0.75 + Math.random() * 0.5));
  }

  /** @param {ServerFrame} msg */
  receive(msg) {
    switch (msg.type) {
      case 'welcome':
        this.welcomed = true;
        if (msg.route) this.goDirect(msg.route);
        this.epoch = msg.epoch;
        this.attempt = 0;
        this.syncingFrom = null;
        this.setState('open');
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
        this.handlers.onWelcome?.(msg);
        break;
      case 'snapshot':
        this.lastSeq = msg.seq;
        this.epoch = msg.epoch;
        this.syncingFrom = null;
        this.handlers.onSnapshot?.(msg);
        break;
      case 'event':
        if (this.lastSeq === null || msg.seq <= this.lastSeq) return;  // before the snapshot, or a duplicate
        if (msg.seq !== this.lastSeq + 1) {
          // A gap: ask once for what we missed; the server sends the events or a snapshot.
          if (this.syncingFrom !== this.lastSeq) {
            this.syncingFrom = this.lastSeq;
            this.send({ type: 'sync', last_seq: this.lastSeq });
          }
          return;
        }
        this.lastSeq = msg.seq;
        this.syncingFrom = null;
        this.handlers.onEvent?.(msg);
        break;
      case 'error':
        // A stale action means we missed a change of the position: ask for it.
        if (msg.code === 'stale' && this.lastSeq !== null) this.send({ type: 'sync', last_seq: this.lastSeq });
        this.handlers.onError?.(msg);
        break;
      case 'hint':
        this.handlers.onHint?.(msg);
        break;
      default:
        break;
    }
  }

  /** @param {ClientMessage} msg */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Close while the page is hidden. */
  pause() {
    if (this.gone || this.sealed) return;
    this.paused = true;
    clearTimeout(this.retryTimer);
    if (this.pending) this.pending.close(1000, 'page hidden');
    this.pending = null;
    if (this.ws) this.ws.close(1000, 'page hidden');
    else this.setState('paused');
  }

  /** Reopen when the page is shown again. */
  resume() {
    if (!this.paused || this.gone) return;
    this.paused = false;
    this.attempt = 1;
    this.open();
  }

  /** Start afresh (new seats were claimed): a new hello with every token, and a full snapshot. */
  restart() {
    this.lastSeq = null;
    this.epoch = null;
    this.sealed = false;
    const old = this.ws;
    this.ws = null;
    if (this.pending) this.pending.close(1000, 'restart');
    this.pending = null;
    if (old) old.close(1000, 'restart');
    clearInterval(this.pingTimer);
    this.attempt = 0;
    this.open();
  }
}
