// The table page (/t/{id}): take a seat or watch, play, chat, hints, rematch; hot-seat curtain.
import './install.js';
import { h, replace, keepFocus, plural, capital } from './dom.js';
import { getJSON, loadTokens, joinSeat, lastName, rememberName, copyTokens, tableIdFromPath } from './api.js';
import { TableSocket } from './socket.js';
import { motionToggle, toast } from './prefs.js';
import { moduleFor } from './games.js';

const tableId = tableIdFromPath();
const app = {
  game: null,            // the module that draws this table's game (games.js)
  catalog: {},
  table: null,
  views: new Map(),      // seat (or null for a spectator) → {view, log, legal}
  seats: [],             // the seats this browser holds at this table
  chat: [],
  timer: null,
  timerAt: 0,
  active: null,          // the held seat on screen
  revealed: null,        // hot-seat: the seat whose player said "show my cards"
  busy: false,
  hint: null,
  wantRematch: false,
  ratings: null,         // a rated game's end: [{seat, name, before, after}]
  closedWhy: '',         // why the table closed early, when it was told
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

const socket = new TableSocket(tableId, {
  onWelcome: (msg) => { app.seats = msg.seats; },
  onSnapshot: (msg) => {
    app.table = msg.table;
    app.views = new Map(msg.views.map((v) => [v.seat, { view: v.view, log: v.log.entries, legal: v.legal, undo: v.undo }]));
    app.chat = msg.chat;
    setTimer(msg.timer);
    app.busy = false;
    render();
  },
  onEvent: (msg) => {
    const ev = msg.event;
    const t = app.table;
    if (msg.views) {
      for (const v of msg.views) {
        const prev = app.views.get(v.seat);
        const log = prev && v.log.from > 0 ? prev.log.slice(0, v.log.from).concat(v.log.entries) : v.log.entries;
        app.views.set(v.seat, { view: v.view, log, legal: v.legal, undo: v.undo });
      }
      t.status = msg.status;
      t.current_player = msg.current_player;
      if (msg.status === 'finished') {
        t.replay_url = `/replay/${tableId}`;
        if (!t.result) refreshTable();   // the result (winners, scores) comes with the table
      }
      setTimer(msg.timer);
      app.busy = false;
      app.hint = null;
    }
    if (msg.table) {
      const was = t.status;
      app.table = msg.table;
      setTimer(msg.timer);
      if (was === 'waiting' && msg.table.status === 'playing') {
        socket.restart();   // the game started: a fresh snapshot brings everyone's first decisions
        return;
      }
    }
    if (ev.kind === 'table' && ev.reason === 'rated') app.ratings = ev.ratings;
    if (ev.kind === 'table' && (ev.reason === 'timeout' || ev.reason === 'abandoned')) app.closedWhy = ev.message;
    if (ev.kind === 'chat') app.chat.push({ seq: msg.seq, seat: ev.seat, name: ev.name, text: ev.text, at: ev.at });
    if (ev.kind === 'undo') toast(`${app.seats.includes(ev.player) && app.seats.length === 1 ? 'You' : names()[ev.player]} took back the last action`);
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
    app.busy = false;
    toast(msg.message, 'error');
    render();
  },
  onHint: (msg) => {
    app.hint = msg;
    render();
  },
  onState: (state) => renderConn(state),
}, () => Object.values(loadTokens(tableId)));

/** Fetch the table's description again (its result once the game is over). */
async function refreshTable() {
  try {
    const table = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
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
  if (!app.table) return [];
  return app.table.seats.map((s) => s.name || (s.kind === 'bot' ? s.bot : `Seat ${s.seat + 1}`));
}

function currentEntry() {
  const t = app.table;
  if (!app.seats.length) return app.views.get(null);
  const cur = t.current_player;
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
    toast('Not connected: trying again…', 'error');
    return;
  }
  app.busy = true;
  el.game.setAttribute('aria-busy', 'true');
  // No answer in a while: the event may have been lost on the way; ask for what we missed.
  setTimeout(() => {
    if (!app.busy) return;
    app.busy = false;
    if (socket.lastSeq !== null) socket.send({ type: 'sync', last_seq: socket.lastSeq });
    render();
  }, 3000);
}

// -- rendering ---------------------------------------------------------------------------------

function renderConn(state) {
  const words = { connecting: 'Connecting…', open: 'Connected', reconnecting: 'Reconnecting…', paused: 'Paused', gone: 'No such table' };
  el.conn.dataset.state = state;
  el.conn.textContent = words[state] || state;
}

function renderHeader() {
  const t = app.table;
  const invite = `${location.origin}/t/${tableId}`;
  const input = h('input', { type: 'text', id: 'invite-link', readonly: true, value: invite, 'aria-label': 'Invite link' });
  const copy = h('button', { type: 'button', class: 'btn', id: 'copy-invite', onclick: async () => {
    try {
      await navigator.clipboard.writeText(invite);
    } catch {
      input.select();
      document.execCommand('copy');
    }
    toast('Invite link copied');
  } }, 'Copy invite link');
  const status = { waiting: 'Waiting for players', playing: 'Playing', finished: 'Finished', abandoned: `Closed: ${app.closedWhy || 'the game stopped before its end (nobody played for too long, or a move came too late)'}` }[t.status];
  replace(el.header,
    h('h1', {}, t.title),
    h('p', { class: 'table-status', id: 'table-status', 'data-status': t.status }, status,
      app.seats.length ? ` · you are ${app.seats.map((s) => names()[s]).join(', ')}` : ' · you are watching'),
    h('div', { class: 'invite' }, input, copy));
}

function renderSeats() {
  const t = app.table;
  const free = t.seats.filter((s) => s.kind === 'human' && !s.claimed);
  if (!free.length) {
    el.seats.hidden = true;
    el.seats.replaceChildren();
    return;
  }
  el.seats.hidden = false;
  const forms = free.map((s) => {
    const id = `name-${s.seat}`;
    const input = h('input', { type: 'text', id, name: 'name', required: true, maxlength: 32, value: lastName(),
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
    h('label', { for: id }, `Seat ${s.seat + 1}: your name`), input,
    h('button', { type: 'submit', class: 'btn primary' }, `Take seat ${s.seat + 1}`));
  });
  replace(el.seats,
    h('h2', {}, app.seats.length ? 'Free seats' : 'Take a seat'),
    h('p', {}, app.seats.length
      ? 'Another player at this device can take a free seat too (hot-seat), or share the invite link.'
      : 'Pick a name and take a free seat, or just watch: anyone with the link can follow the game.'),
    forms,
    t.status === 'waiting' ? h('p', { class: 'muted' }, `The game starts when every seat is taken (${plural(free.length, 'seat')} free).`) : '');
}

/** A bot as a player reads it: "hard bot", "greedy bot" (never the search's internal name). */
function botWords(spec) {
  const [name, setting] = String(spec || '').split(':');
  const level = name === 'ismcts' ? (/^(easy|normal|hard|expert|beginner)$/.test(setting || '') ? setting : 'search') : name;
  return `${level} bot`;
}

function renderPlayers() {
  const t = app.table;
  const n = names();
  const list = h('ul', { class: 'seat-list' }, t.seats.map((s) => {
    const bits = [];
    if (s.kind === 'bot') bits.push(botWords(s.bot));
    else if (!s.claimed) bits.push('free seat');
    else bits.push(s.connected ? 'online' : 'offline');
    if (s.zombie) bits.push('a bot is playing for them');
    const mine = app.seats.includes(s.seat);
    return h('li', { class: `${t.current_player === s.seat ? 'current' : ''}${mine ? ' me' : ''}`, 'data-seat': s.seat },
      h('span', { class: `dot ${s.kind === 'bot' || s.connected ? 'on' : 'off'}`, 'aria-hidden': 'true' }),
      h('strong', {}, s.account && s.name ? h('a', { href: `/players/${encodeURIComponent(s.name)}` }, n[s.seat]) : n[s.seat]),
      mine ? ' (you)' : '', h('span', { class: 'muted' }, ` — ${bits.join(', ')}`),
      t.current_player === s.seat ? h('span', { class: 'turn-mark' }, ' ◀ deciding') : '',
      s.zombie && mine ? h('button', { type: 'button', class: 'btn small', onclick: () => socket.send({ type: 'reclaim', seat: s.seat }) }, 'Take my seat back') : '');
  }));
  const clock = h('p', { class: 'timer', id: 'timer' });
  const st = t.settings || {};
  const kinds = [st.rated ? 'Rated' : '', st.public ? 'In the lobby' : '',
    st.pace === 'correspondence' ? `Correspondence: ${duration(st.move_hours * 3600)} per move` : ''].filter(Boolean);
  const kind = kinds.length ? h('p', { class: 'muted small', id: 'table-kind' }, kinds.join(' · ')) : '';
  replace(el.players, h('h2', {}, 'Players'), list, kind, clock);
  renderTimer();
}

function renderTimer() {
  const clock = document.getElementById('timer');
  if (!clock) return;
  const t = app.timer;
  if (!t) {
    clock.textContent = '';
    return;
  }
  const left = Math.max(0, Math.ceil((t.ms_left - (performance.now() - app.timerAt)) / 1000));
  const who = names()[t.seat];
  clock.textContent = t.kind === 'turn' ? `${who}: ${duration(left)} to decide` : `${who} is away: a bot takes over in ${duration(left)}`;
}

/** Seconds as a person reads them: "45 s", "12 min", "5 h 20 min", "2 days 3 h". */
function duration(seconds) {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `${Math.floor(hours / 24)} days${hours % 24 ? ` ${hours % 24} h` : ''}`;
}
setInterval(renderTimer, 1000);

function renderResult(entry) {
  const t = app.table;
  if (t.status !== 'finished' || !entry) {
    el.result.hidden = true;
    return;
  }
  el.result.hidden = false;
  const n = names();
  const text = app.game.result(entry.view, n, t.result);
  const parts = [h('h2', {}, 'Game over'), h('p', { id: 'result-text' }, text)];
  if (app.ratings) {
    parts.push(h('p', { id: 'rating-changes' }, 'Ratings: ', app.ratings.map((r, i) => [
      i ? ', ' : '', h('a', { href: `/players/${encodeURIComponent(r.name)}` }, r.name),
      ` ${r.before} → ${r.after} (${r.after >= r.before ? '+' : '−'}${Math.abs(r.after - r.before)})`])));
  }
  const actions = h('div', { class: 'prompt-actions' });
  actions.append(h('a', { class: 'btn', href: `/replay/${tableId}`, id: 'replay-link' }, 'Watch the replay'));
  if (t.rematch) {
    copyTokens(tableId, t.rematch);
    actions.append(h('a', { class: 'btn primary', href: `/t/${t.rematch}`, id: 'rematch-link' }, 'Go to the rematch'));
  } else if (app.seats.length) {
    actions.append(h('button', { type: 'button', class: 'btn primary', id: 'rematch', onclick: () => {
      app.wantRematch = socket.send({ type: 'rematch' });
    } }, 'Rematch'));
  }
  actions.append(h('a', { class: 'btn subtle', href: '/' }, 'New table'));
  parts.push(actions);
  replace(el.result, ...parts);
}

function renderLog(entry) {
  const n = names();
  const lines = !entry ? [] : app.game.log(entry.log, n, app.seats.length ? app.active : null, app.catalog);
  const list = h('ol', { class: 'log-list', tabindex: 0, 'aria-label': 'Game log, latest last' },
    lines.slice(-200).map((l) => h('li', { class: l.private ? 'private' : '' }, l.text)));
  replace(el.log, h('h2', {}, 'Game log'), list);
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

function renderChat() {
  const t = app.table;
  if (!t.settings.chat) {
    replace(el.chat, h('h2', {}, 'Chat'), h('p', { class: 'muted' }, 'Chat is off at this table.'));
    return;
  }
  const list = h('ol', { class: 'chat-list' }, app.chat.map((c) => h('li', {}, h('strong', {}, `${c.name}: `), decode(c.text))));
  if (!app.seats.length && !t.settings.spectator_chat) {
    replace(el.chat, h('h2', {}, 'Chat'), list, h('p', { class: 'muted' }, 'Only the players chat at this table.'));
    list.scrollTop = list.scrollHeight;
    return;
  }
  const input = h('input', { type: 'text', id: 'chat-text', maxlength: 500, autocomplete: 'off', 'data-key': 'chat-text' });
  const old = document.getElementById('chat-text');
  if (old) input.value = old.value;
  const form = h('form', { class: 'chat-form', onsubmit: (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (text && socket.send({ type: 'chat', text })) input.value = '';
  } }, h('label', { for: 'chat-text', class: 'visually-hidden' }, 'Message'), input,
  h('button', { type: 'submit', class: 'btn' }, 'Say'));
  replace(el.chat, h('h2', {}, 'Chat'), list, form);
  list.scrollTop = list.scrollHeight;
}

function renderCurtain(entry) {
  const t = app.table;
  const hotSeat = app.seats.length > 1 && t.status === 'playing' && !(entry && !app.game.privateView(entry.view));
  if (!hotSeat || app.revealed === app.active) {
    el.curtain.hidden = true;
    return false;
  }
  const who = names()[app.active];
  el.curtain.hidden = false;
  const show = h('button', { type: 'button', class: 'btn primary', id: 'reveal', onclick: () => {
    app.revealed = app.active;
    render();
    document.getElementById('prompt')?.focus();
  } }, `I am ${who}: show my cards`);
  replace(el.curtain, h('h2', {}, `Pass the device to ${who}`),
    h('p', {}, 'The other players should look away: the next screen shows a hand.'), show);
  setTimeout(() => show.focus(), 0);
  return true;
}

function render() {
  const t = app.table;
  if (!t || !app.game) return;
  el.game.removeAttribute('aria-busy');
  const entry = currentEntry();
  const myTurn = app.seats.length && t.status === 'playing' && app.seats.includes(t.current_player);
  document.title = `${myTurn ? '● Your turn — ' : ''}${t.title} — furuba`;
  renderHeader();
  renderSeats();
  renderPlayers();
  renderResult(entry);
  renderChat();
  const hidden = renderCurtain(entry);
  if (hidden) {
    // The log names the cards this seat drew: it waits behind the curtain too.
    replace(el.log, h('h2', {}, 'Game log'), h('p', { class: 'muted' }, 'Hidden until the next player shows their cards.'));
  } else {
    renderLog(entry);
  }
  if (hidden || !entry) {
    el.game.replaceChildren();
    if (!entry) el.game.append(h('p', { class: 'muted' }, 'Loading the table…'));
    return;
  }
  const ctx = {
    view: entry.view,
    log: entry.log,
    legal: t.status === 'playing' ? entry.legal : [],
    seat: app.seats.length ? app.active : null,
    catalog: app.catalog,
    names: names(),
    act,
    readOnly: t.status !== 'playing' || app.busy,
    waiting: t.status === 'waiting',
    status: t.status,
    answer: (text) => socket.send({ type: 'answer', text, seat: app.active }),
    redraw: render,
  };
  el.game.dataset.turn = ctx.legal.length && !ctx.readOnly ? 'mine' : 'other';
  keepFocus(() => {
    app.game.render(el.game, ctx);
    renderHintBar(entry);
    renderUndo();
  }, el.game, () => app.game.firstControl(el.game));
}

function renderHintBar(entry) {
  const t = app.table;
  const prompt = document.getElementById('prompt');
  if (!prompt || !t.settings.hints || t.status !== 'playing' || !entry.legal.length || !app.seats.length) return;
  const bar = h('div', { class: 'hint-bar' });
  bar.append(h('button', { type: 'button', class: 'btn subtle', id: 'hint', 'data-key': 'hint',
    onclick: () => socket.send({ type: 'hint', seat: app.active }) }, 'Hint'));
  if (app.hint && app.hint.seat === app.active) {
    const best = (app.hint.suggestions && app.hint.suggestions[0]) || app.hint.action;
    const chance = typeof best.win_chance === 'number' ? ` (about ${Math.round(best.win_chance * 100)}% to win)` : '';
    const reason = best.reason ? ` ${capital(best.reason)}${/[.!?]$/.test(best.reason) ? '' : '.'}` : '';
    bar.append(h('span', { class: 'hint-text', id: 'hint-text' },
      `Hint: ${app.game.actionWords(app.hint.action, names(), app.catalog)}${chance}.${reason}`));
    for (const c of el.game.querySelectorAll(`[data-action-id="${app.hint.action.id}"]`)) c.classList.add('hinted');
  }
  prompt.append(bar);
}

/** The Undo button, when a seat of this browser may take back its last action (the server says
 * which: its view's `undo`). */
function renderUndo() {
  const prompt = document.getElementById('prompt');
  const seat = app.seats.find((s) => app.views.get(s)?.undo);
  if (!prompt || app.table.status !== 'playing' || seat === undefined) return;
  const whose = app.seats.length > 1 ? `${names()[seat]}'s` : 'your';
  prompt.append(h('div', { class: 'undo-bar' }, h('button', { type: 'button', class: 'btn subtle', id: 'undo',
    'data-key': 'undo', title: `Take back ${whose} last action`, disabled: app.busy,
    onclick: () => change({ type: 'undo', seat }) }, 'Undo')));
}

async function start() {
  const top = document.getElementById('page-tools');
  top.append(motionToggle());
  renderConn('connecting');
  const base = `/api/tables/${encodeURIComponent(tableId)}`;
  try {
    const table = await getJSON(base);
    [app.game, app.catalog] = await Promise.all([moduleFor(table), getJSON(`${base}/catalog`).catch(() => ({}))]);
  } catch (err) {
    if (/no such table/i.test(err.message)) {
      replace(el.game, h('p', {}, 'There is no such table. ', h('a', { href: '/' }, 'Start a new one.')));
      renderConn('gone');
      return;
    }
    replace(el.game, h('p', {}, `The table could not be loaded: ${err.message}`));
    return;
  }
  app.game.watchLayout(render);   // e.g. the circle on wide screens, the ring of cards on narrow ones
  socket.open();
}

start();
