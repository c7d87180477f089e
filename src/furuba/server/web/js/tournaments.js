// @ts-check
// The tournaments page (/tournaments; one tournament at /tournaments#<id>): the tournaments
// taking entries, under way and over (GET /api/tournaments), a form that starts one (signed in:
// a Swiss, an arena or a duplicate), and the one opened — its standings and each round's tables
// (an arena's latest waves; a duplicate's deal seeds once each round is over), updated every few
// seconds while it is not over, with Join, Withdraw and (its creator's) Start now, and the
// player's own table as a link. In an arena the page goes to each new table of yours as it is
// made, as a player waiting on the page expects. Every word is the catalog's (i18n.js).
import './install.js';
import { h, replace } from './dom.js';
import { number, parts, t, translatePage, when } from './i18n.js';
import { getJSON, postJSON } from './api.js';
import { describeGames } from './games.js';
import { chosenOptions, renderOptionFields } from './table-form.js';
import { pageTools } from './prefs.js';
import { firstLook } from './session.js';

translatePage();
pageTools();

const REFRESH_MS = 3000;
const el = {
  status: document.getElementById('tournaments-status'),
  one: document.getElementById('tournament'),
  lists: document.getElementById('tournaments-lists'),
  make: document.getElementById('tournaments-new'),
};
const st = { me: { signed_in: false }, games: [], timer: null, myTable: null, shownStatus: null, shownId: null };

const STATUS = {
  open: () => t('tournaments.status.open'),
  running: () => t('tournaments.status.running'),
  finished: () => t('tournaments.status.finished'),
  cancelled: () => t('tournaments.status.cancelled'),
};
const statusWords = (s) => (STATUS[s] ? STATUS[s]() : s);
const kindWords = (k) => t(`tournaments.kind.${k}`);
/** A tournament's name: the site's own are said in the reader's words. */
const named = (x) => (x.slot ? t(`tournaments.slot.${x.slot}`, { game: x.title }) : x.name);
/** How long it lasts: an arena's minutes, else its rounds. */
const length = (x) => (x.kind === 'arena' ? t('tournaments.minutes', { count: x.minutes }) : number(x.rounds));
const at = (seconds) => when(seconds * 1000);

// -- the lists -----------------------------------------------------------------------------------
function listPart(key, items) {
  const title = h('h2', { id: `tournaments-${key}-title` }, t(`tournaments.list.${key}`));
  if (!items.length) return h('section', { class: 'panel', 'aria-labelledby': `tournaments-${key}-title` }, title, h('p', { class: 'muted' }, t('tournaments.list.none')));
  const rows = items.map((x) => h('tr', {},
    h('td', {}, h('a', { href: `#${x.id}`, class: 'tournament-link' }, named(x))),
    h('td', {}, x.title),
    h('td', { class: 'num' }, number(x.players)),
    h('td', {}, key === 'running' && x.kind !== 'arena' ? t('tournaments.round_of', { round: number(x.round), rounds: number(x.rounds) }) : length(x)),
    h('td', {}, `${kindWords(x.kind)} · ${x.rated ? t('page.rated') : t('tournaments.casual')}`),
    h('td', {}, key === 'open' ? at(x.starts_at) : key === 'finished' ? at(x.finished_at) : statusWords(x.status))));
  const head = ['tournaments.col.name', 'page.game', 'tournaments.col.players', 'tournaments.col.rounds', 'tournaments.col.kind', `tournaments.col.${key}`];
  return h('section', { class: 'panel', 'aria-labelledby': `tournaments-${key}-title` }, title,
    h('table', { class: 'ratings-table tournaments-table', 'data-list': key },
      h('thead', {}, h('tr', {}, head.map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, rows)));
}

async function loadLists() {
  try {
    const lists = await getJSON('/api/tournaments');
    replace(el.lists, ['open', 'running', 'finished'].map((key) => listPart(key, lists[key])));
  } catch (err) {
    el.status.textContent = t('tournaments.failed', { error: err.message });
  }
}

// -- a new tournament ----------------------------------------------------------------------------
function renderForm() {
  const title = h('h2', { id: 'tournaments-new-title' }, t('tournaments.new_title'));
  if (!st.me.signed_in) {
    const link = h('a', { href: `/account?next=${encodeURIComponent('/tournaments')}` }, t('tournaments.sign_in_link'));
    replace(el.make, title, h('p', {}, parts('tournaments.sign_in', { link })));
    return;
  }
  const game = h('select', { id: 'tournament-game', name: 'game' }, st.games.map((g) => h('option', { value: g.name }, g.title)));
  const players = h('input', { id: 'tournament-players', name: 'players', type: 'number', required: true });
  const fitPlayers = () => {
    const g = st.games.find((x) => x.name === game.value);
    if (!g) return;
    players.min = String(Math.max(2, g.players.min));
    players.max = String(g.players.max);
    players.value = String(g.players.default);
  };
  const optionsTitle = h('legend', { id: 'game-options-title' });
  const optionFields = h('div', { id: 'option-fields', class: 'field-row' });
  const optionsBox = h('fieldset', { id: 'game-options', class: 'options', hidden: true }, optionsTitle, optionFields);
  const info = () => st.games.find((x) => x.name === game.value);
  const fitOptions = () => renderOptionFields(info(), { box: optionsBox, title: optionsTitle, fields: optionFields });
  game.addEventListener('change', () => { fitPlayers(); fitOptions(); });
  fitPlayers();
  const name = h('input', { id: 'tournament-name', name: 'name', maxlength: 64, required: true, autocomplete: 'off' });
  const kind = h('select', { id: 'tournament-kind', name: 'kind' }, ['swiss', 'arena', 'duplicate'].map((k) => h('option', { value: k }, kindWords(k))));
  const kindHelp = h('p', { id: 'tournament-kind-help', class: 'muted small' });
  kind.setAttribute('aria-describedby', kindHelp.id);
  const rounds = h('input', { id: 'tournament-rounds', name: 'rounds', type: 'number', min: 1, max: 12, value: 3, required: true });
  const minutes = h('select', { id: 'tournament-minutes', name: 'minutes' }, [15, 30, 45, 60, 90, 120].map((m) => h('option', { value: m, selected: m === 30 }, t('tournaments.minutes', { count: m }))));
  const startsIn = h('select', { id: 'tournament-starts' }, [5, 10, 30, 60, 180, 1440].map((m) => h('option', { value: m, selected: m === 10 }, t('tournaments.in_minutes', { count: m }))));
  const rated = h('input', { id: 'tournament-rated', type: 'checkbox' });
  const pace = h('select', { id: 'tournament-pace' }, h('option', { value: '' }, t('tournaments.pace.live')),
    [24, 72].map((hours) => h('option', { value: hours }, t('tournaments.pace.hours', { count: hours }))));
  const field = (input, key) => h('p', { class: 'field' }, h('label', { for: input.id }, t(key)), ' ', input);
  const roundsField = field(rounds, 'tournaments.field.rounds');
  const minutesField = field(minutes, 'tournaments.field.minutes');
  const paceField = field(pace, 'tournaments.field.pace');
  const fitKind = () => {   // an arena lasts minutes and is played live; the others count rounds
    const arena = kind.value === 'arena';
    roundsField.hidden = arena;
    minutesField.hidden = !arena;
    paceField.hidden = arena;
    kindHelp.textContent = t(`tournaments.kind_help.${kind.value}`);
  };
  kind.addEventListener('change', fitKind);
  fitKind();
  const form = h('form', { id: 'tournament-form', onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      const arena = kind.value === 'arena';
      const made = await postJSON('/api/tournaments', {
        name: name.value, game: game.value, kind: kind.value, players: Number(players.value),
        rounds: Number(rounds.value), minutes: Number(minutes.value),
        rated: rated.checked, starts_in: Number(startsIn.value), options: chosenOptions(info(), form),
        move_hours: pace.value && !arena ? Number(pace.value) : null });
      location.hash = made.id;
      loadLists();
    } catch (err) {
      el.status.textContent = t('tournaments.failed', { error: err.message });
    }
  } }, field(name, 'tournaments.field.name'), field(kind, 'tournaments.field.kind'), kindHelp,
  field(game, 'page.game'), field(players, 'tournaments.field.players'),
  roundsField, minutesField, field(startsIn, 'tournaments.field.starts'),
  paceField, optionsBox,
  h('p', { class: 'field' }, rated, ' ', h('label', { for: 'tournament-rated' }, t('tournaments.field.rated'))),
  h('p', {}, h('button', { type: 'submit', class: 'btn primary' }, t('tournaments.create'))));
  replace(el.make, title, form);
  fitOptions();   // once the form is in the page: presets find their inputs by id
}

// -- one tournament ------------------------------------------------------------------------------
function actions(x) {
  const out = [];
  const act = (what, key, cls = 'btn') => {
    const b = h('button', { type: 'button', class: `${cls} tournament-${what}` }, t(key));
    b.addEventListener('click', async () => {
      b.disabled = true;
      try {
        render(await postJSON(`/api/tournaments/${encodeURIComponent(x.id)}/${what}`));
      } catch (err) {
        el.status.textContent = t('tournaments.failed', { error: err.message });
        b.disabled = false;
      }
    });
    return b;
  };
  if (!st.me.signed_in) return null;
  const late = x.kind === 'arena' && x.status === 'running' && x.ends_in > 0;   // an arena takes players until its end
  if ((x.status === 'open' || late) && !x.entered) out.push(act('join', 'tournaments.join', 'btn primary'));
  if ((x.status === 'open' || x.status === 'running') && x.entered) out.push(act('withdraw', 'tournaments.withdraw'));
  if (x.status === 'open' && x.mine) out.push(act('start', 'tournaments.start'));
  return out.length ? h('p', { class: 'tournament-actions' }, out) : null;
}

/** A share from 0 to 1 as a whole percentage. */
const percent = (share) => t('tournaments.percent', { value: number(Math.round(share * 1000) / 10) });

/** The standings' columns for each kind: a heading and what a line shows under it. */
const COLUMNS = {
  swiss: [['tournaments.col.points', (s) => number(s.points)], ['tournaments.col.buchholz', (s) => number(s.buchholz)],
    ['tournaments.col.wins', (s) => number(s.wins)], ['tournaments.col.byes', (s) => number(s.byes)]],
  arena: [['tournaments.col.points', (s) => number(s.points)], ['tournaments.col.games', (s) => number(s.rounds)],
    ['tournaments.col.wins', (s) => number(s.wins)]],
  duplicate: [['tournaments.col.matchpoints', (s) => (s.rounds ? percent(s.points / s.rounds) : '—')],
    ['tournaments.col.total', (s) => number(Math.round(s.points * 100) / 100)], ['tournaments.col.wins', (s) => number(s.wins)]],
};

function standingsPart(x) {
  if (!x.standings.length) return h('p', { class: 'muted' }, t('tournaments.nobody'));
  const columns = COLUMNS[x.kind] || COLUMNS.swiss;
  const rows = x.standings.map((s) => h('tr', { class: s.you ? 'you' : '' },
    h('td', { class: 'num' }, number(s.place)),
    h('td', {}, h('a', { href: `/players/${encodeURIComponent(s.name)}` }, s.name),
      s.withdrawn ? [' ', h('span', { class: 'muted small' }, t('tournaments.withdrawn'))] : null,
      s.you ? [' ', h('span', { class: 'muted small' }, t('tournaments.you'))] : null),
    columns.map(([, show]) => h('td', { class: 'num' }, show(s)))));
  return h('table', { class: 'ratings-table tournament-standings', 'data-kind': x.kind },
    h('caption', {}, t('tournaments.standings')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('page.player')),
      columns.map(([key]) => h('th', { scope: 'col' }, t(key))))),
    h('tbody', {}, rows));
}

function roundsPart(x) {
  const heading = x.kind === 'arena' ? 'tournaments.wave' : 'tournaments.round';
  const shown = (p) => (x.kind === 'duplicate' ? percent(p) : number(p));
  const out = x.tables_by_round.slice().reverse().map((r) => h('section', { class: 'tournament-round', 'aria-labelledby': `round-${r.round}` },
    h('h3', { id: `round-${r.round}` }, t(heading, { round: number(r.round) })),
    x.kind === 'duplicate' ? h('p', { class: 'muted small tournament-deal' },
      r.seed === null ? t('tournaments.deal_secret') : t('tournaments.deal_seed', { seed: String(r.seed) })) : null,
    h('ol', { class: 'tournament-tables' }, r.tables.map((tb) => {
      const me = st.me.signed_in && tb.players.some((p) => p.name === st.me.name);
      // A duplicate's tables are sealed while they play: nobody watches them.
      const link = tb.over ? 'tournaments.replay' : me ? 'tournaments.play' : x.kind === 'duplicate' ? null : 'tournaments.watch';
      return h('li', { class: me ? 'tournament-table mine' : 'tournament-table' },
        h('span', {}, t('tournaments.table', { number: number(tb.number) }), ': '),
        tb.players.map((p, i) => [i ? ', ' : '', p.bot ? h('span', { class: 'muted' }, t('tournaments.bot')) : p.name,
          p.points === null ? '' : ` (${shown(p.points)})`]),
        tb.url && link ? [' — ', h('a', { href: tb.url }, t(link))] : null);
    })),
    r.byes.length ? h('p', { class: 'muted' }, t('tournaments.byes', { names: r.byes.join(', ') })) : null));
  if (x.earlier_rounds) out.push(h('p', { class: 'muted small' }, t('tournaments.earlier_waves', { count: x.earlier_rounds })));
  return out;
}

function render(x) {
  if (st.shownStatus && st.shownStatus !== x.status) loadLists();   // it moved between the lists
  st.shownStatus = x.status;
  const rounds = roundsPart(x);
  const mine = x.my_table ? x.my_table.url : null;
  const known = st.shownId === x.id;
  st.shownId = x.id;
  if (mine && mine !== st.myTable) {
    el.status.textContent = t(x.kind === 'arena' ? 'tournaments.your_arena_table' : 'tournaments.your_table', { round: number(x.my_table.round) });
    // An arena seats you again as your table ends: a player waiting on this page goes to it.
    if (x.kind === 'arena' && known && st.myTable === null && !document.hidden) location.assign(mine);
  } else if (!mine && st.myTable) el.status.textContent = '';   // that table is over
  st.myTable = mine;
  const progress = x.kind === 'arena'
    ? t('tournaments.minutes', { count: x.minutes })
    : x.status === 'running' ? t('tournaments.round_of', { round: number(x.round), rounds: number(x.rounds) }) : t('tournaments.rounds', { count: x.rounds });
  const facts = [kindWords(x.kind), x.title, t('tournaments.players_a_table', { count: x.players }), progress,
    x.rated ? t('page.rated') : t('tournaments.casual'),
    x.move_hours ? t('tournaments.pace.hours', { count: x.move_hours }) : t('tournaments.pace.live'), statusWords(x.status)];
  replace(el.one, h('h2', { id: 'tournament-title' }, named(x)),
    h('p', { class: 'tournament-facts' }, facts.join(' · ')),
    x.status === 'open' ? h('p', {}, t('tournaments.starts', { when: at(x.starts_at), count: x.entrants })) : null,
    x.kind === 'arena' && x.status === 'running' && x.ends_at ? h('p', { class: 'tournament-ends' }, t('tournaments.ends', { when: at(x.ends_at) })) : null,
    mine ? h('p', {}, h('a', { href: mine, class: 'btn primary tournament-go' }, t('tournaments.go'))) : null,
    actions(x), standingsPart(x), rounds);
  el.one.hidden = false;
  clearTimeout(st.timer);
  if (x.status === 'open' || x.status === 'running') st.timer = setTimeout(() => openFromHash(true), REFRESH_MS);
}

async function openFromHash(again = false) {
  const id = decodeURIComponent(location.hash.replace(/^#/, ''));
  clearTimeout(st.timer);
  if (!id) {
    el.one.hidden = true;
    return;
  }
  if (!again) replace(el.one, h('p', { class: 'muted', role: 'status' }, t('page.loading')));
  el.one.hidden = false;
  try {
    render(await getJSON(`/api/tournaments/${encodeURIComponent(id)}`));
  } catch (err) {
    replace(el.one, h('p', { class: 'error', role: 'alert' }, t('tournaments.failed', { error: err.message })));
  }
}

async function start() {
  const [me, described] = await Promise.all([firstLook, describeGames().catch(() => ({ games: [] }))]);
  st.me = me;
  st.games = described.games;
  renderForm();
  await Promise.all([loadLists(), openFromHash()]);
  window.addEventListener('hashchange', () => openFromHash());
}

start();
