// @ts-check
// The home page's online play: Play now, the open tables (live, from the lobby's event stream),
// and — signed in — your games, those where it is your turn first. The lobby's tables come as
// data; this page says them in its language: each game's title and options from GET /api/games,
// names people chose in <bdi> (they are no one's words but theirs).
import { h, replace, capital, sentence } from './dom.js';
import { has, lang, list, parts, t, when } from './i18n.js';
import { getJSON, postJSON, joinSeat, saveToken, lastName, rememberName } from './api.js';
import { describeGames } from './games.js';
import { onTurns, canAskForNotices, askForNotices } from './notices.js';
import { friendsOnline } from './friends.js';

const playForm = document.getElementById('play-now');
const playError = document.getElementById('play-error');
const gameFilter = /** @type {HTMLSelectElement} */ (document.getElementById('lobby-game'));
const variantFilter = /** @type {HTMLSelectElement} */ (document.getElementById('lobby-variant'));
const openList = document.getElementById('open-tables');
let me = { signed_in: false };
let tables = [];
let games = [];

const named = (name) => h('bdi', {}, name);

/** `items` (text or nodes) as a list in the page's language: "a, b and c" / "a、b、c". */
function listOf(items) {
  const format = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' });
  return format.formatToParts(items.map((_, i) => String(i)))
    .map((piece) => (piece.type === 'element' ? items[Number(piece.value)] : piece.value));
}

const gameOf = (table) => games.find((g) => g.name === table.game);
const titleOf = (table) => (gameOf(table) || table).title;

/** How a table's options differ from its game's defaults, in the game's words ("Points to win: 11"). */
function variantOf(table) {
  const game = gameOf(table);
  if (!game) return table.variant;
  const out = [];
  for (const opt of Object.values(game.options || {})) {
    const value = table.options[opt.name];
    if (value === null || value === undefined || value === opt.default) continue;
    const labels = opt.choice_labels || {};
    const shown = String(value).split(',').map((v) => labels[v] || v);
    out.push(t('lobby.variant_item', { option: capital(opt.label || opt.name.replace(/_/g, ' ')), value: list(shown) }));
  }
  return out;
}

const variantWords = (table) => variantOf(table).join(' · ');

function seatsWords(table) {
  const names = table.seats.filter((s) => s.claimed && s.kind === 'human').map((s) => named(s.name));
  const who = names.length ? parts('lobby.there', { count: names.length, names: listOf(names) }) : t('lobby.nobody');
  const seats = t('lobby.seats_free', { free: table.open_seats, count: table.seats.length });
  return parts('lobby.seats_line', { seats, who });
}

function badges(table) {
  const out = [];
  if (table.rated) out.push(h('span', { class: 'badge' }, t('lobby.badge.rated')));
  if (table.pace === 'correspondence') out.push(h('span', { class: 'badge' }, t('lobby.badge.hours', { count: table.move_hours })));
  if (table.bots_after !== null && table.bots_after !== undefined && table.status === 'waiting') {
    out.push(h('span', { class: 'badge' }, t('lobby.badge.bots')));
  }
  return out;
}

function guestName() {
  const name = /** @type {HTMLInputElement} */ (document.getElementById('play-name')).value.trim();
  if (!me.signed_in && !name) throw new Error(t('lobby.need_name'));
  if (name) rememberName(name);
  return name;
}

async function takeSeat(table) {
  playError.textContent = '';
  try {
    const name = guestName();
    const seat = table.seats.find((s) => s.kind === 'human' && !s.claimed);
    if (!seat) throw new Error(t('lobby.filled'));
    await joinSeat(table.id, seat.seat, name);
    location.assign(table.url);
  } catch (err) {
    playError.textContent = sentence(err.message);
  }
}

/** A table of yours in words: its state, with whom, and by when a correspondence move is due. */
function statusWords(table) {
  const others = table.seats.filter((s) => !table.my_seats.includes(s.seat))
    .map((s) => (s.name ? named(s.name) : t('lobby.free_seat')));
  const kind = table.status === 'playing' ? (table.my_turn ? 'your_turn' : 'their_turn') : table.status;
  const key = `lobby.mine.${kind}${others.length ? '_with' : ''}`;
  const said = has(key) ? parts(key, { names: listOf(others) }) : [table.status];
  if (table.status !== 'playing' || !table.deadline) return said;
  return parts('lobby.mine.due', { status: said, time: when(table.deadline * 1000) });
}

function tableItem(table, mine = false) {
  const title = [titleOf(table), ...variantOf(table)].join(' · ');
  const actions = [];
  if (mine) {
    actions.push(h('a', { class: `btn${table.my_turn ? ' primary' : ''}`, href: table.url },
      table.my_turn ? t('lobby.your_turn_play') : t('lobby.open')));
  } else if (table.status === 'waiting' && table.open_seats > 0) {
    actions.push(h('button', { type: 'button', class: 'btn primary', onclick: () => takeSeat(table) }, t('lobby.take_seat')));
  } else {
    actions.push(h('a', { class: 'btn', href: table.url }, t('lobby.watch')));
  }
  const status = mine ? statusWords(table) : (table.status === 'waiting' ? seatsWords(table) : t('lobby.being_played'));
  return h('li', { class: `table-item${mine && table.my_turn ? ' my-turn' : ''}`, dataset: { table: table.id } },
    h('div', { class: 'table-item-text' }, h('strong', {}, title), ' ', badges(table), h('br'),
      h('span', { class: 'muted small' }, status)),
    h('div', { class: 'table-item-actions' }, actions));
}

function renderVariants() {
  const chosen = variantFilter.value;
  const seen = new Set(tables.filter((table) => !gameFilter.value || table.game === gameFilter.value)
    .map(variantWords).filter(Boolean));
  replace(variantFilter, h('option', { value: '' }, t('lobby.any')),
    h('option', { value: '-' }, t('lobby.usual_rules')),
    [...seen].sort().map((v) => h('option', { value: v, selected: v === chosen }, v)));
  if (chosen === '-') variantFilter.value = '-';
}

function renderOpen() {
  renderVariants();
  const wanted = variantFilter.value;
  const shown = tables.filter((table) => (!gameFilter.value || table.game === gameFilter.value)
    && (!wanted || (wanted === '-' ? variantOf(table).length === 0 : variantWords(table) === wanted)));
  replace(openList, shown.map((table) => tableItem(table)));
  document.getElementById('open-empty').hidden = shown.length > 0;
}

async function renderMine() {
  if (!me.signed_in) return;
  const found = await getJSON('/api/me/games');
  const box = document.getElementById('your-games');
  box.hidden = false;
  const mine = document.getElementById('your-games-list');
  if (!found.tables.length) replace(mine, h('li', { class: 'muted' }, t('lobby.no_games')));
  else replace(mine, found.tables.map((table) => tableItem(table, true)));
}

async function playNow(ev) {
  ev.preventDefault();
  playError.textContent = '';
  const button = /** @type {HTMLButtonElement} */ (document.getElementById('play-now-button'));
  button.disabled = true;
  try {
    const body = {
      game: /** @type {HTMLSelectElement} */ (document.getElementById('play-game')).value,
      name: guestName(),
      bots_after: Number(/** @type {HTMLInputElement} */ (document.getElementById('play-wait')).value),
      rated: /** @type {HTMLInputElement} */ (document.getElementById('play-rated')).checked,
    };
    const seated = await postJSON('/api/lobby/play', body);
    saveToken(seated.id, seated.seat, seated.token);
    location.assign(seated.url);
  } catch (err) {
    playError.textContent = sentence(err.message);
    button.disabled = false;
  }
}

function listen() {
  if (!('EventSource' in window)) {
    const poll = async () => { tables = (await getJSON('/api/lobby')).tables; renderOpen(); };
    poll();
    setInterval(poll, 5000);
    return;
  }
  const stream = new EventSource('/api/lobby/events');
  stream.addEventListener('message', (ev) => {
    const data = JSON.parse(ev.data);
    if (data.type === 'lobby') {
      tables = data.tables;
      renderOpen();
    }
  });
}

async function start() {
  games = (await describeGames()).games;
  const choices = () => games.map((g) => h('option', { value: g.name }, g.title));
  replace(/** @type {HTMLSelectElement} */ (document.getElementById('play-game')), choices());
  gameFilter.append(...choices());
  gameFilter.addEventListener('change', renderOpen);
  variantFilter.addEventListener('change', renderOpen);
  /** @type {HTMLInputElement} */ (document.getElementById('play-name')).value = lastName();
  playForm.addEventListener('submit', playNow);
  me = await getJSON('/api/me').catch(() => ({ signed_in: false }));
  document.getElementById('play-name-field').hidden = me.signed_in;
  /** @type {HTMLInputElement} */ (document.getElementById('play-rated')).disabled = !me.signed_in;
  document.getElementById('play-rated-why').hidden = me.signed_in;
  listen();
  if (me.signed_in) {
    friendsOnline(document.getElementById('friends-online')).catch(() => {});
    await renderMine();
    let last = null;
    onTurns((waiting) => {
      const key = waiting.join(',');
      if (last !== null && key !== last) renderMine();
      last = key;
    });
    const ask = document.getElementById('notice-ask');
    ask.hidden = !canAskForNotices();
    document.getElementById('notice-ask-button').addEventListener('click', async () => {
      await askForNotices();
      ask.hidden = !canAskForNotices();
    });
  }
}

start().catch((err) => { playError.textContent = t('page.unreachable', { error: err.message }); });
