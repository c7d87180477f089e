// The home page's online play: Play now, the open tables (live, from the lobby's event stream),
// and — signed in — your games, those where it is your turn first.
import { h, replace, capital } from './dom.js';
import { getJSON, postJSON, joinSeat, saveToken, lastName, rememberName } from './api.js';
import { describeGames } from './games.js';
import { onTurns, canAskForNotices, askForNotices } from './notices.js';

const playForm = document.getElementById('play-now');
const playError = document.getElementById('play-error');
const gameFilter = document.getElementById('lobby-game');
const variantFilter = document.getElementById('lobby-variant');
const openList = document.getElementById('open-tables');
let me = { signed_in: false };
let tables = [];

const sentence = (text) => `${capital(text)}${/[.!?]$/.test(text) ? '' : '.'}`;

function seatsWords(t) {
  const names = t.seats.filter((s) => s.claimed && s.kind === 'human').map((s) => s.name);
  const waiting = names.length ? `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} there` : 'nobody is there yet';
  return `${t.open_seats} of ${t.seats.length} seats free — ${waiting}`;
}

function badges(t) {
  const out = [];
  if (t.rated) out.push(h('span', { class: 'badge' }, 'rated'));
  if (t.pace === 'correspondence') out.push(h('span', { class: 'badge' }, `${t.move_hours} h per move`));
  if (t.bots_after !== null && t.bots_after !== undefined && t.status === 'waiting') {
    out.push(h('span', { class: 'badge' }, 'bots fill in'));
  }
  return out;
}

function guestName() {
  const name = document.getElementById('play-name').value.trim();
  if (!me.signed_in && !name) throw new Error('Write your name first, or sign in.');
  if (name) rememberName(name);
  return name;
}

async function takeSeat(t) {
  playError.textContent = '';
  try {
    const name = guestName();
    const seat = t.seats.find((s) => s.kind === 'human' && !s.claimed);
    if (!seat) throw new Error('That table has just filled up.');
    await joinSeat(t.id, seat.seat, name);
    location.assign(t.url);
  } catch (err) {
    playError.textContent = sentence(err.message);
  }
}

function tableItem(t, mine = false) {
  const title = [t.title, ...t.variant].join(' · ');
  const actions = [];
  if (mine) {
    actions.push(h('a', { class: `btn${t.my_turn ? ' primary' : ''}`, href: t.url }, t.my_turn ? 'Your turn — play' : 'Open'));
  } else if (t.status === 'waiting' && t.open_seats > 0) {
    actions.push(h('button', { type: 'button', class: 'btn primary', onclick: () => takeSeat(t) }, 'Take a seat'));
  } else {
    actions.push(h('a', { class: 'btn', href: t.url }, 'Watch'));
  }
  const status = mine ? statusWords(t) : (t.status === 'waiting' ? seatsWords(t) : 'being played');
  return h('li', { class: `table-item${mine && t.my_turn ? ' my-turn' : ''}`, dataset: { table: t.id } },
    h('div', { class: 'table-item-text' }, h('strong', {}, title), ' ', badges(t), h('br'), h('span', { class: 'muted small' }, status)),
    h('div', { class: 'table-item-actions' }, actions));
}

function statusWords(t) {
  const others = t.seats.filter((s) => !t.my_seats.includes(s.seat)).map((s) => s.name || 'a free seat');
  const against = others.length ? ` with ${others.join(', ')}` : '';
  if (t.status === 'waiting') return `waiting for players${against}`;
  if (t.status === 'playing') {
    const due = t.deadline ? ` — move by ${new Date(t.deadline * 1000).toLocaleString()}` : '';
    return `${t.my_turn ? 'your turn' : 'their turn'}${against}${due}`;
  }
  return `${t.status}${against}`;
}

function renderVariants() {
  const chosen = variantFilter.value;
  const seen = new Set(tables.filter((t) => !gameFilter.value || t.game === gameFilter.value)
    .map((t) => t.variant.join(' · ')).filter(Boolean));
  replace(variantFilter, h('option', { value: '' }, 'Any'),
    h('option', { value: '-' }, 'The usual rules'),
    [...seen].sort().map((v) => h('option', { value: v, selected: v === chosen }, v)));
  if (chosen === '-') variantFilter.value = '-';
}

function renderOpen() {
  renderVariants();
  const shown = tables.filter((t) => (!gameFilter.value || t.game === gameFilter.value)
    && (!variantFilter.value || (variantFilter.value === '-' ? t.variant.length === 0 : t.variant.join(' · ') === variantFilter.value)));
  replace(openList, shown.map((t) => tableItem(t)));
  document.getElementById('open-empty').hidden = shown.length > 0;
}

async function renderMine() {
  if (!me.signed_in) return;
  const found = await getJSON('/api/me/games');
  const box = document.getElementById('your-games');
  box.hidden = false;
  const list = document.getElementById('your-games-list');
  if (!found.tables.length) replace(list, h('li', { class: 'muted' }, 'No games yet: press Play now, or start a table below.'));
  else replace(list, found.tables.map((t) => tableItem(t, true)));
}

async function playNow(ev) {
  ev.preventDefault();
  playError.textContent = '';
  const button = document.getElementById('play-now-button');
  button.disabled = true;
  try {
    const body = {
      game: document.getElementById('play-game').value,
      name: guestName(),
      bots_after: Number(document.getElementById('play-wait').value),
      rated: document.getElementById('play-rated').checked,
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
  const described = await describeGames();
  const games = described.games.map((g) => [g.name, g.title]);
  replace(document.getElementById('play-game'), games.map(([name, title]) => h('option', { value: name }, title)));
  gameFilter.append(...games.map(([name, title]) => h('option', { value: name }, title)));
  gameFilter.addEventListener('change', renderOpen);
  variantFilter.addEventListener('change', renderOpen);
  document.getElementById('play-name').value = lastName();
  playForm.addEventListener('submit', playNow);
  me = await getJSON('/api/me').catch(() => ({ signed_in: false }));
  document.getElementById('play-name-field').hidden = me.signed_in;
  document.getElementById('play-rated').disabled = !me.signed_in;
  document.getElementById('play-rated-why').hidden = me.signed_in;
  listen();
  if (me.signed_in) {
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

start().catch((err) => { playError.textContent = `The server could not be reached: ${err.message}`; });
