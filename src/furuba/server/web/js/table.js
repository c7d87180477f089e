// @ts-check
// The table page (/t/{id}, and /offline/table.html?t={id} for a table kept in this browser): take a
// seat or watch, play, chat, hints, rematch; hot-seat curtain. Where the table lives is its
// backend's business (table-backend.js): the page is the same. Every word of the page is the
// catalog's (i18n.js); the game's own drawing and log are its module's.
import './install.js';
import { t, parts, number, translatePage } from './i18n.js';

/** A rating as players write it: digits without grouping (1500, not 1,500). */
const rating = (n) => number(n, { useGrouping: false });
import { h, replace, keepFocus } from './dom.js';
import { loadTokens, joinSeat, lastName, rememberName, copyTokens } from './api.js';
import { tableBackend } from './table-backend.js';
import { pageTools, toast } from './prefs.js';
import { moduleFor } from './games.js';
import { coach } from './tutorial.js';
import { reportDialog } from './report.js';
import { firstLook } from './session.js';
import { seatNames, youOf, gameTitle, capital, botWords, deadline, duration, person } from './table-words.js';

const backend = await tableBackend();
const tableId = backend.tableId;
/** After a change is sent: how long before the page says the table is slow to answer (and asks
 * for anything it missed), and how long before it lets the player try again. */
const SLOW_MS = 3000;
const GIVE_UP_MS = 20000;
/** @typedef {import('./protocol-types.js').TableOut} TableOut */
/** @typedef {import('./protocol-types.js').LegalAction} LegalAction */
/**
 * What one seat (or a spectator, seat null) sees: the view, the whole log, the legal actions.
 * @typedef {{view: Record<string, unknown>, log: Array<Record<string, unknown>>, legal: LegalAction[], undo: boolean}} SeatView
 */
const app = {
  game: null,            // the module that draws this table's game (games.js)
  catalog: {},
  title: '',             // the game's title in the page's language (GET /api/games), else the table's
  /** @type {TableOut | null} */
  table: null,
  /** @type {Map<number | null, SeatView>} seat (or null for a spectator) → {view, log, legal} */
  views: new Map(),
  /** @type {number[]} the seats this browser holds at this table */
  seats: [],
  /** @type {import('./protocol-types.js').ChatLine[]} */
  chat: [],
  /** @type {import('./protocol-types.js').Timer | null} */
  timer: null,
  timerAt: 0,
  active: null,          // the held seat on screen
  revealed: null,        // hot-seat: the seat whose player said "show my cards"
  busy: false,           // a change was sent and the table has not answered it yet
  slow: false,           // … for longer than SLOW_MS (the connection badge says so)
  waitTimer: 0,
  refusals: 0,           // how many messages of this page the server refused (a game module may care)
  /** @type {import('./protocol-types.js').HintMsg | null} */
  hint: null,
  /** @type {Record<string, unknown>} what the game's module keeps of this table between drawings */
  memory: {},
  hinting: null,         // the seat whose hint is being worked out
  wantRematch: false,
  ratings: null,         // a rated game's end: [{seat, name, before, after}]
  closedWhy: '',         // why the table closed early, when it was told
  me: null,              // GET /api/me: a signed-in player takes seats under the account's name
  loaded: null,          // the table as loaded before its socket opened (its free seats)
  sealed: '',            // why watching was refused (a sealed table's game is not over): the server's sentence
};

const el = {
  header: document.getElementById('table-header'),
  seats: document.getElementById('seat-panel'),
  curtain: document.getElementById('curtain'),
  game: document.getElementById('game'),
  result: document.getElementById('result'),
  players: document.getElementById('players'),
  log: document.getElementById('log'),
  chat: document.getElementById('chat'),
  conn: document.getElementById('conn'),
};

const socket = backend.socket({
  onWelcome: (msg) => { app.seats = msg.seats; },
  onSnapshot: (msg) => {
    app.table = msg.table;
    app.views = new Map(msg.views.map((v) => [v.seat, { view: v.view, log: v.log.entries, legal: v.legal, undo: v.undo }]));
    app.chat = msg.chat;
    setTimer(msg.timer);
    answered();
    render();
  },
  onEvent: (msg) => {
    const ev = msg.event;
    const table = app.table;
    if (msg.views) {
      for (const v of msg.views) {
        const prev = app.views.get(v.seat);
        const log = prev && v.log.from > 0 ? prev.log.slice(0, v.log.from).concat(v.log.entries) : v.log.entries;
        app.views.set(v.seat, { view: v.view, log, legal: v.legal, undo: v.undo });
      }
      table.status = /** @type {TableOut['status']} */ (msg.status);
      table.current_player = msg.current_player;
      if (msg.status === 'finished') {
        table.replay_url = backend.replayUrl ? backend.replayUrl(tableId) : null;
        if (!table.result) refreshTable();   // the result (winners, scores) comes with the table
      }
      setTimer(msg.timer);
      answered();
      app.hint = null;
      app.hinting = null;
    }
    if (msg.table) {
      const was = table.status;
      app.table = msg.table;
      setTimer(msg.timer);
      if (was === 'waiting' && msg.table.status === 'playing') {
        socket.restart();   // the game started: a fresh snapshot brings everyone's first decisions
        return;
      }
    }
    if (ev.kind === 'table' && ev.reason === 'rated') app.ratings = ev.ratings;
    if (ev.kind === 'table' && ev.reason === 'timeout') {
      app.closedWhy = t('table.closed.timeout', { who: person(ev.seat, names(), you()), count: ev.hours });
    }
    if (ev.kind === 'table' && ev.reason === 'abandoned') {
      app.closedWhy = t('table.closed.abandoned', { time: duration(ev.idle_seconds) });
    }
    if (ev.kind === 'chat') app.chat.push({ seq: msg.seq, seat: ev.seat, name: ev.name, text: ev.text, at: ev.at });
    if (ev.kind === 'undo') {
      toast(ev.player === you() ? t('table.undo.done_you') : t('table.undo.done', { name: names()[ev.player] }));
    }
    if (ev.kind === 'rematch') {
      app.table.rematch = ev.table_id;
      copyTokens(tableId, ev.table_id);
      if (app.wantRematch) {
        location.assign(ev.url);
        return;
      }
    }
    render();
  },
  onError: (msg) => {
    if (msg.code === 'sealed') {
      app.sealed = msg.message;
      renderSealed();
      return;
    }
    answered();
    app.refusals += 1;
    app.hinting = null;
    toast(msg.message, 'error');
    render();
  },
  onHint: (msg) => {
    app.hint = msg;
    app.hinting = null;
    render();
  },
  onState: (state) => renderConn(state),
}, () => Object.values(loadTokens(tableId)));

/** Fetch the table's description again (its result once the game is over). */
async function refreshTable() {
  try {
    const table = await backend.table();
    if (app.table && table.result) app.table.result = table.result;
    render();
  } catch {
    // The result line falls back to what the view says.
  }
}

function setTimer(timer) {
  app.timer = timer;
  app.timerAt = performance.now();
}

function names() {
  return app.table ? seatNames(app.table.seats) : [];
}

/** The seat this page's sentences call "you" (none for a spectator or a hot-seat device). */
function you() {
  return youOf(app.seats);
}

function currentEntry() {
  const table = app.table;
  if (!app.seats.length) return app.views.get(null);
  const cur = table.current_player;
  if (cur !== null && cur !== undefined && app.seats.includes(cur)) app.active = cur;
  if (app.active === null || !app.seats.includes(app.active)) app.active = app.seats[0];
  return app.views.get(app.active);
}

/** Take a legal action (the object the server sent, or its id). */
function act(action) {
  const id = typeof action === 'number' ? action : action.id;
  change({ type: 'act', action: id, seq_seen: socket.lastSeq, seat: app.active });
}

/** Send a message that changes the game (an action, an undo) and wait for its event. */
function change(message) {
  if (app.busy) return;
  const sent = socket.send(message);
  if (!sent) {
    toast(t('table.not_connected'), 'error');
    return;
  }
  app.busy = true;
  el.game.setAttribute('aria-busy', 'true');
  clearTimeout(app.waitTimer);
  app.waitTimer = setTimeout(() => {
    // No answer yet: say so, and ask for anything missed (the event may have been lost on the
    // way). The decision stays taken: offered again now, it would only be refused as stale.
    app.slow = true;
    renderConn(socket.state);
    if (socket.lastSeq !== null) socket.send({ type: 'sync', last_seq: socket.lastSeq });
    app.waitTimer = setTimeout(() => {
      // Still nothing: the message may not have reached the table. Let the player try again.
      answered();
      toast(t('table.no_answer'), 'error');
      render();
    }, GIVE_UP_MS - SLOW_MS);
  }, SLOW_MS);
}

/** The table answered the page's last change (its event, a refusal, or a fresh snapshot). */
function answered() {
  clearTimeout(app.waitTimer);
  app.busy = false;
  if (app.slow) {
    app.slow = false;
    renderConn(socket.state);
  }
}

// -- rendering ---------------------------------------------------------------------------------

const CONN_WORDS = {
  connecting: () => t('table.conn.connecting'),
  open: () => t('table.conn.open'),
  here: () => t('table.conn.here'),
  slow: () => t('table.conn.slow'),
  reconnecting: () => t('table.conn.reconnecting'),
  paused: () => t('table.conn.paused'),
  gone: () => t('table.conn.gone'),
  signed_out: () => t('table.conn.signed_out'),
  sealed: () => t('table.conn.sealed'),
};

function renderConn(state) {
  if ((state === 'open' || state === 'here') && app.slow) state = 'slow';
  el.conn.dataset.state = state;
  el.conn.textContent = CONN_WORDS[state] ? CONN_WORDS[state]() : state;
}

const STATUS_WORDS = {
  waiting: () => t('table.status.waiting'),
  playing: () => t('table.status.playing'),
  finished: () => t('table.status.finished'),
  abandoned: () => t('table.status.closed', { why: app.closedWhy || t('table.status.closed_why') }),
};

/** Whose turn it is, as the status line says it: "Your turn", "Waiting for Aoi", "Aoi's turn". */
function turnWords() {
  const table = app.table;
  const cur = table.current_player;
  if (table.status !== 'playing' || !Number.isInteger(cur) || cur < 0) return '';
  if (cur === you()) return t('table.turn.you');
  if (app.seats.length && !app.seats.includes(cur)) return t('table.turn.waiting', { name: names()[cur] });
  return t('table.turn.seat', { name: names()[cur] });
}

function renderHeader() {
  const table = app.table;
  const status = STATUS_WORDS[table.status] ? STATUS_WORDS[table.status]() : table.status;
  const turn = turnWords();
  const who = app.seats.length
    ? t('table.you_are', { names: app.seats.map((s) => names()[s]).join(t('table.separator')) })
    : t('table.watching');
  replace(el.header,
    h('h1', {}, app.title),
    h('p', { class: 'table-status', id: 'table-status', 'data-status': table.status }, status,
      turn ? [t('table.dot'), h('span', { id: 'turn-status' }, turn)] : '', t('table.dot'), who),
    backend.inviteUrl ? inviteBox(backend.inviteUrl(tableId)) : h('p', { class: 'muted small', id: 'offline-note' }, t('offline.table_note')));
}

/** The invitation: the table's address, and a button that copies it. */
function inviteBox(invite) {
  const input = h('input', { type: 'text', id: 'invite-link', readonly: true, value: invite, 'aria-label': t('table.invite.label') });
  const copy = h('button', { type: 'button', class: 'btn', id: 'copy-invite', onclick: async () => {
    try {
      await navigator.clipboard.writeText(invite);
    } catch {
      input.select();
      document.execCommand('copy');
    }
    toast(t('table.invite.copied'));
  } }, t('table.invite.copy'));
  return h('div', { class: 'invite' }, input, copy);
}

function joinForm(s) {
  const id = `name-${s.seat}`;
  // Signed in, a seat is taken under the account's name (the server uses it whatever is sent).
  const account = app.me && app.me.signed_in ? app.me.name : null;
  const input = h('input', { type: 'text', id, name: 'name', required: true, maxlength: 32,
    value: account ?? lastName(), readonly: account !== null,
    autocomplete: 'nickname', pattern: "[\\p{L}\\p{N} _.'\\-]+" });
  return h('form', { class: 'join-form', 'data-seat': s.seat, onsubmit: async (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    try {
      await joinSeat(tableId, s.seat, name);
      rememberName(name);
      socket.restart();
    } catch (err) {
      toast(err.message, 'error');
    }
  } },
  h('label', { for: id }, t('table.join.name', { n: s.seat + 1 })), input,
  h('button', { type: 'submit', class: 'btn primary' }, t('table.join.take', { n: s.seat + 1 })));
}

function renderSeats(table = app.table) {
  const free = table.seats.filter((s) => s.kind === 'human' && !s.claimed);
  if (!free.length) {
    el.seats.hidden = true;
    el.seats.replaceChildren();
    return;
  }
  el.seats.hidden = false;
  replace(el.seats,
    h('h2', {}, app.seats.length ? t('table.join.free_title') : t('table.join.title')),
    h('p', {}, app.seats.length ? t('table.join.another') : t('table.join.intro')),
    free.map(joinForm),
    table.status === 'waiting' ? h('p', { class: 'muted' }, t('table.join.starts', { count: free.length })) : '');
}

function seatRow(s, n) {
  const table = app.table;
  const bits = [];
  if (s.kind === 'bot') bits.push(botWords(s.bot));
  else if (!s.claimed) bits.push(t('table.seat.free'));
  else bits.push(s.connected ? t('table.seat.online') : t('table.seat.offline'));
  if (s.zombie) bits.push(t('table.seat.zombie'));
  const mine = app.seats.includes(s.seat);
  return h('li', { class: `${table.current_player === s.seat ? 'current' : ''}${mine ? ' me' : ''}`, 'data-seat': s.seat },
    h('span', { class: `dot ${s.kind === 'bot' || s.connected ? 'on' : 'off'}`, 'aria-hidden': 'true' }),
    h('strong', {}, s.account && s.name ? h('a', { href: `/players/${encodeURIComponent(s.name)}` }, n[s.seat]) : n[s.seat]),
    mine ? t('table.seat.you') : '', h('span', { class: 'muted' }, t('table.seat.about', { about: bits.join(t('table.separator')) })),
    table.current_player === s.seat ? h('span', { class: 'turn-mark' }, t('table.seat.deciding')) : '',
    s.zombie && mine ? h('button', { type: 'button', class: 'btn small', onclick: () => socket.send({ type: 'reclaim', seat: s.seat }) }, t('table.seat.reclaim')) : '');
}

function renderPlayers() {
  const table = app.table;
  const n = names();
  const list = h('ul', { class: 'seat-list' }, table.seats.map((s) => seatRow(s, n)));
  const clock = h('p', { class: 'timer', id: 'timer' });
  const st = table.settings || /** @type {Partial<import('./protocol-types.js').Settings>} */ ({});
  const kinds = [st.rated ? t('table.kind.rated') : '', st.public ? t('table.kind.public') : '',
    st.pace === 'correspondence' ? t('table.kind.correspondence', { time: duration(st.move_hours * 3600) }) : '',
    st.sealed ? t('table.kind.sealed') : ''].filter(Boolean);
  const kind = kinds.length ? h('p', { class: 'muted small', id: 'table-kind' }, kinds.join(t('table.dot'))) : '';
  replace(el.players, h('h2', {}, t('table.players')), list, kind, clock);
  renderTimer();
}

/** Watching is refused until the game is over (a sealed table): the server's sentence, and the
 * free seats of the table as it was loaded (a seat taken opens a player's socket). */
function renderSealed() {
  replace(el.game, h('p', { class: 'muted', id: 'sealed' }, app.sealed));
  if (app.loaded) renderSeats(app.loaded);
}

function renderTimer() {
  const clock = document.getElementById('timer');
  if (!clock) return;
  const timer = app.timer;
  if (!timer) {
    clock.textContent = '';
    return;
  }
  const left = deadline(Math.max(0, Math.ceil((timer.ms_left - (performance.now() - app.timerAt)) / 1000)));
  const mine = timer.seat === you();
  const name = names()[timer.seat];
  if (timer.kind === 'turn') clock.textContent = mine ? t('table.timer.turn_you', { time: left }) : t('table.timer.turn', { name, time: left });
  else clock.textContent = mine ? t('table.timer.away_you', { time: left }) : t('table.timer.away', { name, time: left });
}
setInterval(renderTimer, 1000);

function ratingChanges() {
  const changes = app.ratings.map((r, i) => [
    i ? t('table.separator') : '', h('a', { href: `/players/${encodeURIComponent(r.name)}` }, r.name),
    ` ${rating(r.before)} → ${rating(r.after)} (${r.after >= r.before ? '+' : '−'}${rating(Math.abs(r.after - r.before))})`]);
  return h('p', { id: 'rating-changes' }, parts('table.result.ratings', { changes }));
}

function renderResult(entry) {
  const table = app.table;
  if (table.status !== 'finished' || !entry) {
    el.result.hidden = true;
    return;
  }
  el.result.hidden = false;
  const text = app.game.result(entry.view, names(), table.result, you());
  const content = [h('h2', {}, t('table.result.title')), h('p', { id: 'result-text' }, text)];
  if (app.ratings) content.push(ratingChanges());
  const actions = h('div', { class: 'prompt-actions' });
  if (backend.replayUrl) actions.append(h('a', { class: 'btn', href: backend.replayUrl(tableId), id: 'replay-link' }, t('table.result.replay')));
  if (table.rematch) {
    copyTokens(tableId, table.rematch);
    actions.append(h('a', { class: 'btn primary', href: backend.tableUrl(table.rematch), id: 'rematch-link' }, t('table.result.to_rematch')));
  } else if (backend.rematch) {   // a table in this browser: a new deal, at once
    actions.append(h('button', { type: 'button', class: 'btn primary', id: 'rematch', onclick: async () => {
      try {
        location.assign(await backend.rematch());
      } catch (err) {
        toast(err.message, 'error');
      }
    } }, t('table.result.rematch')));
  } else if (app.seats.length) {
    actions.append(h('button', { type: 'button', class: 'btn primary', id: 'rematch', onclick: () => {
      app.wantRematch = socket.send({ type: 'rematch' });
    } }, t('table.result.rematch')));
  }
  actions.append(h('a', { class: 'btn subtle', href: backend.homeUrl }, t('table.result.new')));
  content.push(actions);
  replace(el.result, ...content);
}

function renderLog(entry) {
  const lines = !entry ? [] : app.game.log(entry.log, names(), app.seats.length ? app.active : null, app.catalog);
  const list = h('ol', { class: 'log-list', tabindex: 0, 'aria-label': t('table.log.list') },
    lines.slice(-200).map((l) => h('li', { class: l.private ? 'private' : '' }, l.text)));
  replace(el.log, h('h2', {}, t('table.log.title')), list);
  list.scrollTop = list.scrollHeight;
  announce(lines);
}

/** Screen readers hear what just happened: the log lines added since the last render, read out
 * by a polite live region (the log itself is redrawn whole, so it is not a live region). */
let announced = null;
function announce(lines) {
  const fresh = announced === null ? [] : lines.slice(Math.min(announced, lines.length));
  announced = lines.length;
  if (!fresh.length) return;
  let box = document.getElementById('announcer');
  if (!box) {
    box = h('p', { id: 'announcer', class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
    document.body.append(box);
  }
  box.textContent = fresh.slice(-5).map((l) => l.text).join(' ');
}

function decode(text) {
  return new DOMParser().parseFromString(`<p>${text}</p>`, 'text/html').documentElement.textContent;
}

/** Who wrote a chat line, in the page's words: the seat's name now (the server's English
 *  "Player 2" of an unnamed seat is said by seatNames), or "Spectator". */
function chatName(line) {
  if (line.seat === null || line.seat === undefined) return t('table.chat.spectator');
  return names()[line.seat] || line.name;
}

/** A button that reports a chat line to the moderators (not on the lines of this browser's seats). */
function reportButton(line) {
  if (line.seat !== null && line.seat !== undefined && app.seats.includes(line.seat)) return null;
  const name = chatName(line);
  return h('button', { type: 'button', class: 'chat-report', title: t('report.chat_line', { name }),
    'aria-label': t('report.chat_line', { name }),
    onclick: async () => { if (await reportDialog({ table: tableId, seq: line.seq, name })) toast(t('report.sent')); } }, '⚑');
}

/** The chat panel's parts, kept between renders: the list is refilled on each render, the form is
 * made once, so a line being written (an IME composition too) survives every event. */
const chatPanel = { mode: null, list: null };

function chatForm() {
  const input = h('input', { type: 'text', id: 'chat-text', maxlength: 500, autocomplete: 'off', 'data-key': 'chat-text' });
  return h('form', { class: 'chat-form', onsubmit: (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (text && socket.send({ type: 'chat', text })) input.value = '';
  } }, h('label', { for: 'chat-text', class: 'visually-hidden' }, t('table.chat.message')), input,
  h('button', { type: 'submit', class: 'btn' }, t('table.chat.send')));
}

function renderChat() {
  if (el.chat.hidden) return;   // no chat at a table kept in this browser (page-home.js)
  const table = app.table;
  let mode = 'write';
  if (!table.settings.chat) mode = 'off';
  else if (!app.seats.length && !table.settings.spectator_chat) mode = 'read';
  if (mode !== chatPanel.mode) {
    const title = h('h2', {}, t('table.chat.title'));
    chatPanel.mode = mode;
    chatPanel.list = mode === 'off' ? null : h('ol', { class: 'chat-list' });
    if (mode === 'off') replace(el.chat, title, h('p', { class: 'muted' }, t('table.chat.off')));
    else if (mode === 'read') replace(el.chat, title, chatPanel.list, h('p', { class: 'muted' }, t('table.chat.players_only')));
    else replace(el.chat, title, chatPanel.list, chatForm());
  }
  const list = chatPanel.list;
  if (!list) return;
  replace(list, ...app.chat.map((c) => h('li', {},
    h('strong', {}, t('table.chat.from', { name: chatName(c) })), decode(c.text), reportButton(c))));
  list.scrollTop = list.scrollHeight;
}

function renderCurtain(entry) {
  const table = app.table;
  const hotSeat = app.seats.length > 1 && table.status === 'playing' && !(entry && !app.game.privateView(entry.view));
  if (!hotSeat || app.revealed === app.active) {
    el.curtain.hidden = true;
    return false;
  }
  const name = names()[app.active];
  el.curtain.hidden = false;
  const show = h('button', { type: 'button', class: 'btn primary', id: 'reveal', onclick: () => {
    app.revealed = app.active;
    render();
    document.getElementById('prompt')?.focus();
  } }, t('table.curtain.show', { name }));
  replace(el.curtain, h('h2', {}, t('table.curtain.title', { name })),
    h('p', {}, t('table.curtain.look_away')), show);
  setTimeout(() => show.focus(), 0);
  return true;
}

function render() {
  const table = app.table;
  if (!table || !app.game) return;
  el.game.removeAttribute('aria-busy');
  const entry = currentEntry();
  const myTurn = app.seats.length && table.status === 'playing' && app.seats.includes(table.current_player);
  document.title = myTurn ? t('table.doc_title_turn', { title: app.title }) : t('table.doc_title', { title: app.title });
  renderHeader();
  renderSeats();
  renderPlayers();
  renderResult(entry);
  renderChat();
  const hidden = renderCurtain(entry);
  if (hidden) {
    // The log names the cards this seat drew: it waits behind the curtain too.
    replace(el.log, h('h2', {}, t('table.log.title')), h('p', { class: 'muted' }, t('table.log.hidden')));
  } else {
    renderLog(entry);
  }
  if (hidden || !entry) {
    el.game.replaceChildren();
    if (!entry) el.game.append(h('p', { class: 'muted' }, t('table.loading')));
    return;
  }
  const ctx = {
    view: entry.view,
    log: entry.log,
    legal: table.status === 'playing' ? entry.legal : [],
    seat: app.seats.length ? app.active : null,
    catalog: app.catalog,
    names: names(),
    act,
    readOnly: table.status !== 'playing' || app.busy,
    refusals: app.refusals,
    waiting: table.status === 'waiting',
    status: table.status,
    answer: (text) => socket.send({ type: 'answer', text, seat: app.active }),
    redraw: render,
    memory: app.memory,
  };
  el.game.dataset.turn = ctx.legal.length && !ctx.readOnly ? 'mine' : 'other';
  el.game.dataset.seq = String(socket.lastSeq ?? '');   // which of the table's messages this screen shows
  keepFocus(() => {
    app.game.render(el.game, ctx);
    renderHintBar(entry);
    renderUndo();
  }, el.game, () => app.game.firstControl(el.game));
  coach({ app, entry, names: names() });
}

/** The hint in words: the move, its chance to win, and the bot's reason as the server says it. */
function hintWords(hint) {
  const best = (hint.suggestions && hint.suggestions[0]) || hint.action;
  const action = app.game.actionWords(hint.action, names(), app.catalog);
  const said = typeof best.win_chance === 'number'
    ? t('table.hint.text_chance', { action, percent: Math.round(best.win_chance * 100) })
    : t('table.hint.text', { action });
  if (!best.reason) return said;
  const reason = capital(best.reason);
  return t('table.hint.with_reason', { hint: said, reason: /[.!?。！？]$/.test(reason) ? reason : reason + t('table.full_stop') });
}

function renderHintBar(entry) {
  const table = app.table;
  const prompt = document.getElementById('prompt');
  if (!prompt || !table.settings.hints || table.status !== 'playing' || !entry.legal.length || !app.seats.length) return;
  const bar = h('div', { class: 'hint-bar' });
  const working = app.hinting === app.active;
  bar.append(h('button', { type: 'button', class: 'btn subtle', id: 'hint', 'data-key': 'hint', 'aria-busy': working ? 'true' : null,
    onclick: () => {
      if (!socket.send({ type: 'hint', seat: app.active })) return;
      app.hinting = app.active;
      render();
    } }, t('table.hint.button')));
  if (app.hint && app.hint.seat === app.active) {
    bar.append(h('span', { class: 'hint-text', id: 'hint-text' }, hintWords(app.hint)));
    for (const c of el.game.querySelectorAll(`[data-action-id="${app.hint.action.id}"]`)) c.classList.add('hinted');
  } else if (working) {
    bar.append(h('span', { class: 'hint-text', id: 'hint-text', role: 'status' }, t('table.hint.working')));
  }
  prompt.append(bar);
}

/** The Undo button, when a seat of this browser may take back its last action (the server says
 * which: its view's `undo`). */
function renderUndo() {
  const prompt = document.getElementById('prompt');
  const seat = app.seats.find((s) => app.views.get(s)?.undo);
  if (!prompt || app.table.status !== 'playing' || seat === undefined) return;
  const title = seat === you() ? t('table.undo.title_you') : t('table.undo.title', { name: names()[seat] });
  prompt.append(h('div', { class: 'undo-bar' }, h('button', { type: 'button', class: 'btn subtle', id: 'undo',
    'data-key': 'undo', title, disabled: app.busy,
    onclick: () => change({ type: 'undo', seat }) }, t('table.undo.button'))));
}

async function start() {
  translatePage();
  pageTools();
  renderConn('connecting');
  try {
    const { table, catalog } = await backend.load();
    app.catalog = catalog;
    app.loaded = table;
    [app.game, app.title] = await Promise.all([moduleFor(table), gameTitle(table)]);
  } catch (err) {
    if (await backend.missing()) {
      replace(el.game, h('p', {}, t('table.missing'), ' ', h('a', { href: backend.homeUrl }, t('table.missing_new'))));
      renderConn('gone');
      return;
    }
    replace(el.game, h('p', {}, t('table.load_failed', { error: err.message })));
    return;
  }
  app.game.watchLayout(render);   // e.g. the circle on wide screens, the ring of cards on narrow ones
  socket.open();
  app.me = await firstLook;
  if (app.table) renderSeats();
  else if (app.sealed) renderSealed();
}

start();
