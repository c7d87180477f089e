// The home page: choose a game, its seats (you, a friend, another player here, bots) and its options.
import { h, replace } from './dom.js';
import { getJSON, postJSON, joinSeat, lastName, rememberName } from './api.js';
import { motionToggle } from './prefs.js';

const form = document.getElementById('new-table');
const playersSel = document.getElementById('players');
const rows = document.getElementById('seat-rows');
const errorBox = document.getElementById('form-error');
let catalog = null;
let seats = [];   // [{kind, name}] kind: you | local | invite | bot:<spec>

function botLabel(spec) {
  const [name, level] = spec.split(':');
  if (name === 'random') return 'Bot — random (for beginners)';
  if (name === 'greedy') return 'Bot — greedy (quick)';
  if (name === 'ismcts') return `Bot — search, ${level || 'normal'}`;
  return `Bot — ${spec}`;
}

function bestBot() {
  const bots = catalog.bots;
  return bots.includes('ismcts:normal') ? 'ismcts:normal' : bots.includes('greedy') ? 'greedy' : bots[0];
}

function game() {
  return form.elements.game.value;
}

function gameInfo() {
  return catalog.games.find((g) => g.name === game());
}

function renderPlayers() {
  const info = gameInfo();
  const current = Number(playersSel.value) || info.players.default;
  const options = [];
  for (let n = info.players.min; n <= info.players.max; n++) {
    options.push(h('option', { value: n }, n === 1 ? '1 (Bestest Friends only)' : String(n)));
  }
  replace(playersSel, ...options);
  playersSel.value = String(Math.min(info.players.max, Math.max(info.players.min, current)));
}

function renderSeats() {
  const n = Number(playersSel.value);
  while (seats.length < n) seats.push(seats.length === 0 ? { kind: 'you', name: lastName() } : { kind: `bot:${bestBot()}`, name: '' });
  seats.length = n;
  const kinds = [
    ['you', 'You'],
    ['local', 'Another player here (hot-seat)'],
    ['invite', 'A friend (invite link)'],
    ...catalog.bots.map((b) => [`bot:${b}`, botLabel(b)]),
  ];
  replace(rows, ...seats.map((seat, i) => {
    const select = h('select', { id: `seat-kind-${i}`, 'aria-label': `Seat ${i + 1}: who plays` },
      kinds.map(([value, label]) => h('option', { value }, label)));
    select.value = seat.kind;
    select.addEventListener('change', () => {
      if (select.value === 'you') {
        // Only one "you": a previous one becomes another player here.
        seats.forEach((s, k) => { if (k !== i && s.kind === 'you') s.kind = 'local'; });
        if (!seat.name) seat.name = lastName();
      }
      seat.kind = select.value;
      renderSeats();
      document.getElementById(`seat-kind-${i}`)?.focus();
    });
    const needsName = seat.kind === 'you' || seat.kind === 'local';
    const name = h('input', { type: 'text', id: `seat-name-${i}`, maxlength: 32, value: seat.name || '',
      placeholder: 'Name', 'aria-label': `Seat ${i + 1}: name`, required: needsName, hidden: !needsName });
    name.addEventListener('input', () => { seat.name = name.value; });
    return h('li', { class: 'seat-row' }, h('span', { class: 'seat-no' }, `${i + 1}`), select, name);
  }));
}

function renderOptions() {
  const z = game() === 'zodiac';
  document.getElementById('zodiac-options').hidden = !z;
  document.getElementById('daihinmin-options').hidden = z;
}

function fillSelect(id, from, to) {
  const sel = document.getElementById(id);
  for (let n = from; n <= to; n++) sel.append(h('option', { value: n }, String(n)));
}

function request() {
  const z = game() === 'zodiac';
  const body = {
    game: game(),
    seats: seats.map((s) => (s.kind.startsWith('bot:') ? s.kind.slice(4) : 'human')),
    options: {},
    chat: form.elements.chat.checked,
    hints: form.elements.hints.checked,
  };
  const turn = document.getElementById('turn-seconds').value;
  if (turn) body.turn_seconds = Number(turn);
  if (z) {
    const variants = [...form.querySelectorAll('input[name="variant"]:checked')].map((b) => b.value);
    body.options.variant = variants.length ? variants.join(',') : 'standard';
    const target = document.getElementById('target').value;
    if (target) body.options.target = Number(target);
    const sets = document.getElementById('sets').value;
    if (sets) body.options.sets = Number(sets);
    const cardset = document.getElementById('cardset').value;
    if (cardset && cardset !== 'default') body.options.cardset = cardset;
  } else {
    const target = Number(document.getElementById('dhm-target').value);
    if (target) body.options.target = target;
    const rounds = Number(document.getElementById('dhm-rounds').value);
    if (rounds) body.options.max_rounds = rounds;
  }
  return body;
}

async function submit(ev) {
  ev.preventDefault();
  errorBox.textContent = '';
  const local = seats.map((s, i) => ({ ...s, seat: i })).filter((s) => s.kind === 'you' || s.kind === 'local');
  for (const s of local) {
    if (!s.name || !s.name.trim()) {
      errorBox.textContent = `Seat ${s.seat + 1} needs a name.`;
      document.getElementById(`seat-name-${s.seat}`)?.focus();
      return;
    }
  }
  const button = document.getElementById('start-table');
  button.disabled = true;
  try {
    const created = await postJSON('/api/tables', request());
    // "You" first, then the other players at this device.
    local.sort((a, b) => (a.kind === 'you' ? -1 : 0) - (b.kind === 'you' ? -1 : 0));
    for (const s of local) await joinSeat(created.id, s.seat, s.name.trim());
    const you = local.find((s) => s.kind === 'you');
    if (you) rememberName(you.name.trim());
    location.assign(created.url);
  } catch (err) {
    errorBox.textContent = err.message;
    button.disabled = false;
  }
}

async function start() {
  document.getElementById('page-tools').append(motionToggle());
  catalog = await getJSON('/api/games');
  fillSelect('target', 1, 13);
  fillSelect('sets', 1, 8);
  const zodiac = catalog.games.find((g) => g.name === 'zodiac');
  const cardsets = zodiac.options.cardset ? zodiac.options.cardset.choices : ['default'];
  const cs = document.getElementById('cardset');
  for (const name of cardsets) cs.append(h('option', { value: name }, name === 'default' ? "furuba's own cards" : name));
  document.getElementById('cardset-field').hidden = cardsets.length < 2;
  const dhm = catalog.games.find((g) => g.name === 'daihinmin');
  document.getElementById('dhm-target').value = dhm.options.target.default;
  form.elements.chat.checked = catalog.defaults.chat !== false;
  form.elements.hints.checked = catalog.defaults.hints !== false;
  for (const radio of form.querySelectorAll('input[name="game"]')) {
    radio.addEventListener('change', () => {
      renderPlayers();
      renderSeats();
      renderOptions();
      document.getElementById(`rules-${game()}`).open = true;
    });
  }
  playersSel.addEventListener('change', renderSeats);
  form.addEventListener('submit', submit);
  renderPlayers();
  renderSeats();
  renderOptions();
}

start().catch((err) => { errorBox.textContent = `The server could not be reached: ${err.message}`; });
