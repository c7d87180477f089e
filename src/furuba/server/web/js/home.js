// The home page: choose a game, its seats (you, a friend, another player here, bots) and its options.
// Everything about the games comes from GET /api/games: their names and titles, how many may play,
// and each option's input, built from its description (kind, min, max, choices, default, help) —
// its words come from the server in the page's language. The page's own words are the catalog's.
import './install.js';
import { h, replace, capital, sentence } from './dom.js';
import { has, number, parts, t, translatePage } from './i18n.js';
import { getJSON, postJSON, joinSeat, lastName, rememberName } from './api.js';
import { pageTools } from './prefs.js';
import { describeGames } from './games.js';

/** Fill [data-i18n-rich="key"]: the key's text, its {fields} the element's children marked
 *  data-i18n-field (kept as they are, e.g. a <strong> translated by its own data-i18n). */
function translateRich(root = document) {
  for (const el of root.querySelectorAll('[data-i18n-rich]')) {
    const fields = {};
    for (const child of el.querySelectorAll('[data-i18n-field]')) fields[child.dataset.i18nField] = child;
    replace(el, parts(el.dataset.i18nRich, fields));
  }
}

translatePage();
translateRich();

const form = document.getElementById('new-table');
const playersSel = document.getElementById('players');
const rows = document.getElementById('seat-rows');
const errorBox = document.getElementById('form-error');
let described = null;   // {games, bots, levels, defaults}
let seats = [];   // [{kind, name}] kind: you | local | invite | bot:<spec>

const words = (name) => {
  const text = String(name).replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
/** What a menu calls an option, and one of its choices (the spec's labels, else the name). */
const optionLabel = (opt) => words(opt.label || opt.name);
const choiceLabel = (opt, c) => words((opt.choice_labels && opt.choice_labels[c]) || c);

/** A level as the server describes it (its title and a sentence on how it plays in the chosen
 * game, which may tune it its own way), or undefined. */
const levelOf = (spec) => {
  const info = gameInfo();
  return ((info && info.levels) || described.levels || []).find((l) => l.name === spec);
};

function botLabel(spec) {
  const level = levelOf(spec);
  if (level) return t('home.bot.level', { level: level.title });
  const [name, setting = 'normal'] = spec.split(':');
  if (name === 'random') return t('home.bot.random');
  if (name === 'greedy') return t('home.bot.greedy');
  if (name === 'policy') return t('home.bot.policy');
  if (name === 'ismcts') return t('home.bot.search', { level: has(`home.level.${setting}`) ? t(`home.level.${setting}`) : setting });
  return t('home.bot.other', { name: spec });
}

/** How strong a level measured in the chosen game, in words (its spec's ladder), or ''. */
function measuredWords(name) {
  const info = gameInfo();
  const rung = ((info && info.ladder) || []).find((r) => r.level === name);
  if (!rung) return '';
  const below = levelOf(rung.below);
  const percent = (x) => number(x, { style: 'percent', maximumFractionDigits: 1 });
  const wins = t(rung.rounds ? 'home.level.measured.rounds' : 'home.level.measured', {
    share: percent(rung.share), fair: percent(1 / rung.players), count: rung.players - 1,
    below: below ? below.title : rung.below,
  });
  const points = rung.points == null ? ''
    : ` ${t('home.level.measured.points', { points: number(rung.points, { maximumFractionDigits: 3 }) })}`;
  const setting = rung.setting ? ` ${t('home.level.measured.setting', { setting: rung.setting })}` : '';
  return wins + points + setting;
}

/** The bots a seat may be given: the levels first, weakest first, then the others. */
function seatBots() {
  const info = gameInfo();
  return (info && info.bots) || described.bots;
}

function bestBot() {
  const bots = seatBots();
  return bots.includes('normal') ? 'normal' : bots.includes('greedy') ? 'greedy' : bots[0];
}

function game() {
  return form.elements.game.value;
}

function gameInfo() {
  return described.games.find((g) => g.name === game());
}

function renderGames() {
  const box = document.getElementById('game-choice');
  const radios = described.games.map((g, i) => {
    const { min, max } = g.players;
    const input = h('input', { type: 'radio', name: 'game', value: g.name, checked: i === 0 });
    input.addEventListener('change', () => {
      renderPlayers();
      renderSeats();
      renderOptions();
      const rules = document.getElementById(`rules-${g.name}`);
      if (rules) rules.open = true;
    });
    const players = min === max ? t('home.players_exact', { count: min }) : t('home.players_range', { min, max });
    return h('label', { class: 'radio-card' }, input,
      h('span', {}, h('strong', {}, g.title), h('br'),
        h('small', {}, t('home.game_blurb', { description: g.description, players }))));
  });
  replace(box, h('legend', {}, t('page.game')), radios);
}

function renderPlayers() {
  const info = gameInfo();
  const current = Number(playersSel.value) || info.players.default;
  const options = [];
  for (let n = info.players.min; n <= info.players.max; n++) options.push(h('option', { value: n }, String(n)));
  replace(playersSel, ...options);
  playersSel.value = String(Math.min(info.players.max, Math.max(info.players.min, current)));
}

function renderSeats() {
  const n = Number(playersSel.value);
  while (seats.length < n) seats.push(seats.length === 0 ? { kind: 'you', name: lastName() } : { kind: `bot:${bestBot()}`, name: '' });
  seats.length = n;
  const kinds = [
    ['you', t('home.seat.you')],
    ['local', t('home.seat.local')],
    ['invite', t('home.seat.invite')],
    ...seatBots().map((b) => [`bot:${b}`, botLabel(b)]),
  ];
  replace(rows, ...seats.map((seat, i) => {
    const select = h('select', { id: `seat-kind-${i}`, 'aria-label': t('home.seat.who', { seat: i + 1 }) },
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
      placeholder: t('home.seat.name_placeholder'), 'aria-label': t('home.seat.name', { seat: i + 1 }),
      required: needsName, hidden: !needsName });
    name.addEventListener('input', () => { seat.name = name.value; });
    const level = seat.kind.startsWith('bot:') ? levelOf(seat.kind.slice(4)) : undefined;
    const measured = level ? measuredWords(level.name) : '';
    const about = h('small', { class: 'seat-about', id: `seat-about-${i}`, hidden: !level },
      level ? level.summary : '', measured ? h('span', { class: 'seat-measured' }, ` ${measured}`) : '');
    if (level) select.setAttribute('aria-describedby', about.id);
    return h('li', { class: 'seat-row' }, h('span', { class: 'seat-no' }, `${i + 1}`), select, name, about);
  }));
}

// -- one input per option, from its description -------------------------------------------------

/** Choices that combine (a variant and another): one checkbox each, none ticked = the default. */
function checkboxes(opt) {
  const boxes = opt.choices.filter((c) => c !== opt.default).map((c) => h('label', {},
    h('input', { type: 'checkbox', name: `option-${opt.name}`, value: c, id: `option-${opt.name}-${c}` }), ` ${choiceLabel(opt, c)}`));
  return h('div', { class: 'field option-field', role: 'group', 'aria-label': optionLabel(opt) },
    h('span', { class: 'option-name' }, optionLabel(opt)), h('div', { class: 'checks' }, boxes));
}

/** A select of `values` ([value, label]), the default chosen. */
function choiceSelect(opt, values) {
  const sel = h('select', { id: `option-${opt.name}`, name: `option-${opt.name}` },
    values.map(([value, label]) => h('option', { value }, label)));
  sel.value = opt.default === null || opt.default === undefined ? '' : String(opt.default);
  return sel;
}

/** The input of a whole number: a select for a short range, else a number field. */
function intInput(opt) {
  const auto = opt.nullable || opt.default === null;
  if (opt.min !== undefined && opt.max !== undefined && opt.max - opt.min <= 30) {
    const values = auto ? [['', opt.default === null ? t('home.option.automatic') : t('home.option.none')]] : [];
    for (let n = opt.min; n <= opt.max; n++) values.push([String(n), String(n)]);
    return choiceSelect(opt, values);
  }
  return h('input', { type: 'number', id: `option-${opt.name}`, name: `option-${opt.name}`, inputmode: 'numeric',
    min: opt.min, max: opt.max, value: opt.default ?? '', placeholder: auto ? t('home.option.none_placeholder') : '' });
}

/** The field of one option, or null when there is nothing to choose. */
function optionField(opt) {
  if (opt.kind === 'choice' && opt.combinable) return checkboxes(opt);
  let input;
  if (opt.choices) {
    if (opt.choices.length < 2) return null;
    input = choiceSelect(opt, [...(opt.nullable ? [['', t('home.option.automatic')]] : []), ...opt.choices.map((c) => [c, choiceLabel(opt, c)])]);
  } else if (opt.kind === 'int') {
    input = intInput(opt);
  } else {
    input = h('input', { type: 'text', id: `option-${opt.name}`, name: `option-${opt.name}`, value: opt.default ?? '' });
  }
  return h('div', { class: 'field option-field' },
    h('label', { for: `option-${opt.name}` }, optionLabel(opt)), input,
    opt.help ? h('small', { class: 'muted' }, capital(opt.help)) : '');
}

function renderOptions() {
  const info = gameInfo();
  const options = Object.values(info.options || {});
  const fields = options.filter((o) => !o.advanced).map(optionField).filter(Boolean);
  const more = options.filter((o) => o.advanced).map(optionField).filter(Boolean);
  if (more.length) fields.push(h('details', { class: 'more-options' }, h('summary', {}, t('home.option.more')), ...more));
  document.getElementById('game-options-title').textContent = info.title;
  replace(document.getElementById('option-fields'), ...fields);
  document.getElementById('game-options').hidden = !fields.length;
  for (const opt of options.filter((o) => o.presets)) {
    document.getElementById(`option-${opt.name}`)?.addEventListener('change', (ev) => applyPreset(opt, ev.target.value));
  }
}

/** A preset chosen (a game's rules): the fields it sets take its values, the player count too;
 * the player may still change any of them afterwards. */
function applyPreset(opt, choice) {
  const values = (opt.presets || {})[choice] || {};
  for (const [name, value] of Object.entries(values)) {
    if (name === 'players') {
      if ([...playersSel.options].some((o) => o.value === String(value))) {
        playersSel.value = String(value);
        renderSeats();
      }
      continue;
    }
    const input = document.getElementById(`option-${name}`);
    if (input) input.value = value === null || value === undefined ? '' : String(value);
  }
}

/** The value chosen for an option; undefined to leave the game's default. */
function optionValue(opt) {
  if (opt.kind === 'choice' && opt.combinable) {
    const ticked = [...form.querySelectorAll(`input[name="option-${CSS.escape(opt.name)}"]:checked`)].map((b) => b.value);
    return ticked.length ? ticked.join(',') : undefined;
  }
  const input = document.getElementById(`option-${opt.name}`);
  if (!input) return undefined;
  let value = input.value.trim();
  if (value === '') value = opt.nullable ? null : undefined;
  else if (opt.kind === 'int') {
    value = Number(value);
    if (!Number.isInteger(value)) throw new Error(t('home.option.whole_number', { option: optionLabel(opt) }));
  }
  return value === opt.default ? undefined : value;
}

function request() {
  const info = gameInfo();
  const body = {
    game: info.name,
    seats: seats.map((s) => (s.kind.startsWith('bot:') ? s.kind.slice(4) : 'human')),
    options: {},
    chat: form.elements.chat.checked,
    hints: form.elements.hints.checked,
    spectator_chat: form.elements.spectator_chat.checked,
  };
  const pace = form.elements.pace.value;
  const turn = document.getElementById('turn-seconds').value;
  if (turn && pace === 'live') body.turn_seconds = Number(turn);
  if (form.elements.public.checked) body.public = true;
  if (form.elements.rated.checked) body.rated = true;
  if (form.elements.undo.checked) body.undo = true;
  if (pace === 'correspondence') {
    body.pace = pace;
    body.move_hours = Number(form.elements['move-hours'].value);
    body.on_timeout = form.elements['on-timeout'].value;
  }
  for (const opt of Object.values(info.options || {})) {
    const value = optionValue(opt);
    if (value !== undefined) body.options[opt.name] = value;
  }
  return body;
}

async function submit(ev) {
  ev.preventDefault();
  errorBox.textContent = '';
  const local = seats.map((s, i) => ({ ...s, seat: i })).filter((s) => s.kind === 'you' || s.kind === 'local');
  for (const s of local) {
    if (!s.name || !s.name.trim()) {
      errorBox.textContent = t('home.seat.needs_name', { seat: s.seat + 1 });
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
    errorBox.textContent = sentence(err.message);
    button.disabled = false;
  }
}

/** Correspondence tables count in hours per move; live ones in seconds to decide. */
function showPace() {
  const slow = form.elements.pace.value === 'correspondence';
  document.getElementById('move-hours-field').hidden = !slow;
  document.getElementById('on-timeout-field').hidden = !slow;
  document.getElementById('turn-seconds-field').hidden = slow;
}

async function signedIn() {
  try {
    return (await getJSON('/api/me')).signed_in === true;
  } catch {
    return false;
  }
}

async function start() {
  pageTools();
  described = await describeGames();
  form.elements.chat.checked = described.defaults.chat !== false;
  form.elements.hints.checked = described.defaults.hints !== false;
  form.elements.spectator_chat.checked = described.defaults.spectator_chat === true;
  renderGames();
  playersSel.addEventListener('change', renderSeats);
  form.addEventListener('submit', submit);
  form.elements.pace.addEventListener('change', showPace);
  showPace();
  signedIn().then((yes) => {
    form.elements.rated.disabled = !yes;
    document.getElementById('rated-why').hidden = yes;
  });
  renderPlayers();
  renderSeats();
  renderOptions();
}

start().catch((err) => { errorBox.textContent = t('page.unreachable', { error: err.message }); });
