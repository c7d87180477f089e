// @ts-check
// The new-table form's game part, shared by the home page (a table on the server) and the offline
// page (a table in this browser): the game, how many play, who sits where (you, another player
// here, a friend by invitation — online only —, a bot of some level) and the game's options, each
// option's input built from its description (kind, min, max, choices, default, help) as
// GET /api/games (or the offline worker) describes the games. The page owns the rest of the form.
import { h, replace, capital } from './dom.js';
import { has, number, t } from './i18n.js';
import { lastName } from './api.js';

const words = (name) => {
  const text = String(name).replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
/** What a menu calls an option, and one of its choices (the spec's labels, else the name). */
const optionLabel = (opt) => words(opt.label || opt.name);
const choiceLabel = (opt, c) => words((opt.choice_labels && opt.choice_labels[c]) || c);

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

/**
 * Draw a game's options (`info`, as GET /api/games describes a game) into `box` (a fieldset,
 * hidden when the game has none) with its legend `title` and the container `fields`; the advanced
 * ones under "More options". `onPreset(opt, choice)` runs when an option with presets changes.
 * @param {{title: string, options?: Record<string, object>}} info
 * @param {{box: HTMLElement, title: HTMLElement, fields: HTMLElement, onPreset?: (opt: object, choice: string) => void}} into
 */
export function renderOptionFields(info, { box, title, fields, onPreset }) {
  const options = Object.values(info.options || {});
  const shown = options.filter((o) => !o.advanced).map(optionField).filter(Boolean);
  const more = options.filter((o) => o.advanced).map(optionField).filter(Boolean);
  if (more.length) shown.push(h('details', { class: 'more-options' }, h('summary', {}, t('home.option.more')), ...more));
  title.textContent = info.title;
  replace(fields, ...shown);
  box.hidden = !shown.length;
  for (const opt of options.filter((o) => o.presets)) {
    document.getElementById(`option-${opt.name}`)?.addEventListener('change', (ev) => onPreset?.(opt, /** @type {HTMLSelectElement} */ (ev.target).value));
  }
}

/** The value chosen for an option in `root`; undefined to leave the game's default. */
function optionValue(root, opt) {
  if (opt.kind === 'choice' && opt.combinable) {
    const ticked = [...root.querySelectorAll(`input[name="option-${CSS.escape(opt.name)}"]:checked`)].map((b) => b.value);
    return ticked.length ? ticked.join(',') : undefined;
  }
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById(`option-${opt.name}`));
  if (!input) return undefined;
  /** @type {string | number | null | undefined} */
  let value = input.value.trim();
  if (value === '') value = opt.nullable ? null : undefined;
  else if (opt.kind === 'int') {
    value = Number(value);
    if (!Number.isInteger(value)) throw new Error(t('home.option.whole_number', { option: optionLabel(opt) }));
  }
  return value === opt.default ? undefined : value;
}

/** The options of the game `info` chosen in `root`, where they are not the game's defaults (a
 * sentence, thrown, for a whole number that is not one). */
export function chosenOptions(info, root) {
  const chosen = {};
  for (const opt of Object.values(info.options || {})) {
    const value = optionValue(root, opt);
    if (value !== undefined) chosen[opt.name] = value;
  }
  return chosen;
}

/**
 * The game part of a new-table form. `form` holds the elements #game-choice, #players,
 * #seat-rows, #game-options, #game-options-title and #option-fields; `described` is what
 * GET /api/games says ({games, bots, levels, defaults}); `invite`: whether a seat may wait for a
 * friend with the invitation (not offline).
 */
export class TableForm {
  constructor(form, described, { invite = true } = {}) {
    this.form = form;
    this.described = described;
    this.invite = invite;
    this.playersSel = form.querySelector('#players');
    this.rows = form.querySelector('#seat-rows');
    this.seats = [];   // [{kind, name}] kind: you | local | invite | bot:<spec>
  }

  /** Draw the whole game part (the first game chosen). */
  render() {
    this.renderGames();
    this.playersSel.addEventListener('change', () => this.renderSeats());
    this.renderPlayers();
    this.renderSeats();
    this.renderOptions();
  }

  game() {
    return this.form.elements.game.value;
  }

  gameInfo() {
    return this.described.games.find((g) => g.name === this.game());
  }

  /** A level as described (its title and a sentence on how it plays in the chosen game, which
   * may tune it its own way), or undefined. */
  levelOf(spec) {
    const info = this.gameInfo();
    return ((info && info.levels) || this.described.levels || []).find((l) => l.name === spec);
  }

  botLabel(spec) {
    const level = this.levelOf(spec);
    if (level) return t('home.bot.level', { level: level.title });
    const [name, setting = 'normal'] = spec.split(':');
    if (name === 'random') return t('home.bot.random');
    if (name === 'greedy') return t('home.bot.greedy');
    if (name === 'policy') return t('home.bot.policy');
    if (name === 'ismcts') return t('home.bot.search', { level: has(`home.level.${setting}`) ? t(`home.level.${setting}`) : setting });
    return t('home.bot.other', { name: spec });
  }

  /** How strong a level measured in the chosen game, in words (its spec's ladder), or ''. */
  measuredWords(name) {
    const info = this.gameInfo();
    const rung = ((info && info.ladder) || []).find((r) => r.level === name);
    if (!rung) return '';
    const below = this.levelOf(rung.below);
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
  seatBots() {
    const info = this.gameInfo();
    return (info && info.bots) || this.described.bots;
  }

  bestBot() {
    const bots = this.seatBots();
    return bots.includes('normal') ? 'normal' : bots.includes('greedy') ? 'greedy' : bots[0];
  }

  renderGames() {
    const box = this.form.querySelector('#game-choice');
    const radios = this.described.games.map((g, i) => {
      const { min, max } = g.players;
      const input = h('input', { type: 'radio', name: 'game', value: g.name, checked: i === 0 });
      input.addEventListener('change', () => {
        this.renderPlayers();
        this.renderSeats();
        this.renderOptions();
        const rules = /** @type {HTMLDetailsElement | null} */ (document.getElementById(`rules-${g.name}`));
        if (rules) rules.open = true;
      });
      const players = min === max ? t('home.players_exact', { count: min }) : t('home.players_range', { min, max });
      return h('label', { class: 'radio-card' }, input,
        h('span', {}, h('strong', {}, g.title), h('br'),
          h('small', {}, t('home.game_blurb', { description: g.description, players }))));
    });
    replace(box, h('legend', {}, t('page.game')), radios);
  }

  renderPlayers() {
    const info = this.gameInfo();
    const current = Number(this.playersSel.value) || info.players.default;
    const options = [];
    for (let n = info.players.min; n <= info.players.max; n++) options.push(h('option', { value: n }, String(n)));
    replace(this.playersSel, ...options);
    this.playersSel.value = String(Math.min(info.players.max, Math.max(info.players.min, current)));
  }

  renderSeats() {
    const { seats } = this;
    const n = Number(this.playersSel.value);
    while (seats.length < n) seats.push(seats.length === 0 ? { kind: 'you', name: lastName() } : { kind: `bot:${this.bestBot()}`, name: '' });
    seats.length = n;
    for (const seat of seats) {
      if (seat.kind.startsWith('bot:') && !this.seatBots().includes(seat.kind.slice(4))) seat.kind = `bot:${this.bestBot()}`;
    }
    const kinds = [
      ['you', t('home.seat.you')],
      ['local', t('home.seat.local')],
      ...(this.invite ? [['invite', t('home.seat.invite')]] : []),
      ...this.seatBots().map((b) => [`bot:${b}`, this.botLabel(b)]),
    ];
    replace(this.rows, ...seats.map((seat, i) => {
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
        this.renderSeats();
        document.getElementById(`seat-kind-${i}`)?.focus();
      });
      const needsName = seat.kind === 'you' || seat.kind === 'local';
      const name = h('input', { type: 'text', id: `seat-name-${i}`, maxlength: 32, value: seat.name || '',
        placeholder: t('home.seat.name_placeholder'), 'aria-label': t('home.seat.name', { seat: i + 1 }),
        required: needsName, hidden: !needsName });
      name.addEventListener('input', () => { seat.name = name.value; });
      const level = seat.kind.startsWith('bot:') ? this.levelOf(seat.kind.slice(4)) : undefined;
      const measured = level ? this.measuredWords(level.name) : '';
      const about = h('small', { class: 'seat-about', id: `seat-about-${i}`, hidden: !level },
        level ? level.summary : '', measured ? h('span', { class: 'seat-measured' }, ` ${measured}`) : '');
      if (level) select.setAttribute('aria-describedby', about.id);
      return h('li', { class: 'seat-row' }, h('span', { class: 'seat-no' }, `${i + 1}`), select, name, about);
    }));
  }

  renderOptions() {
    renderOptionFields(this.gameInfo(), {
      box: this.form.querySelector('#game-options'),
      title: this.form.querySelector('#game-options-title'),
      fields: this.form.querySelector('#option-fields'),
      onPreset: (opt, choice) => this.applyPreset(opt, choice),
    });
  }

  /** A preset chosen (a game's rules): the fields it sets take its values, the player count too;
   * the player may still change any of them afterwards. */
  applyPreset(opt, choice) {
    const values = (opt.presets || {})[choice] || {};
    for (const [name, value] of Object.entries(values)) {
      if (name === 'players') {
        if ([...this.playersSel.options].some((o) => o.value === String(value))) {
          this.playersSel.value = String(value);
          this.renderSeats();
        }
        continue;
      }
      const input = /** @type {HTMLInputElement | null} */ (document.getElementById(`option-${name}`));
      if (input) input.value = value === null || value === undefined ? '' : String(value);
    }
  }

  /** The options chosen, where they are not the game's defaults. */
  options() {
    return chosenOptions(this.gameInfo(), this.form);
  }

  /** The seats played at this device ("you" first), each {kind, name, seat}; a sentence (and
   * the field focused) when one has no name. */
  localSeats() {
    const local = this.seats.map((s, i) => ({ ...s, seat: i })).filter((s) => s.kind === 'you' || s.kind === 'local');
    for (const s of local) {
      if (!s.name || !s.name.trim()) {
        document.getElementById(`seat-name-${s.seat}`)?.focus();
        throw new Error(t('home.seat.needs_name', { seat: s.seat + 1 }));
      }
    }
    return local.sort((a, b) => (a.kind === 'you' ? -1 : 0) - (b.kind === 'you' ? -1 : 0));
  }
}
