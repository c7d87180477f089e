// The tournaments page (/tournaments; one tournament at /tournaments#<id>): the tournaments
// taking entries, under way and over (GET /api/tournaments), a form that starts one (signed in),
// and the one opened — its standings and each round's tables, updated every few seconds while it
// is not over, with Join, Withdraw and (its creator's) Start now, and the player's own table of
// the round as a link. Every word is the catalog's (i18n.js).
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
const st = { me: { signed_in: false }, games: [], timer: null, myTable: null, shownStatus: null };

const STATUS = {
  open: () => t('tournaments.status.open'),
  running: () => t('tournaments.status.running'),
  finished: () => t('tournaments.status.finished'),
  cancelled: () => t('tournaments.status.cancelled'),
};
const statusWords = (s) => (STATUS[s] ? STATUS[s]() : s);
const at = (seconds) => when(seconds * 1000);

// -- the lists -----------------------------------------------------------------------------------
function listPart(key, items) {
  const title = h('h2', { id: `tournaments-${key}-title` }, t(`tournaments.list.${key}`));
  if (!items.length) return h('section', { class: 'panel', 'aria-labelledby': `tournaments-${key}-title` }, title, h('p', { class: 'muted' }, t('tournaments.list.none')));
  const rows = items.map((x) => h('tr', {},
    h('td', {}, h('a', { href: `#${x.id}`, class: 'tournament-link' }, x.name)),
    h('td', {}, x.title),
    h('td', { class: 'num' }, number(x.players)),
    h('td', {}, key === 'running' ? t('tournaments.round_of', { round: number(x.round), rounds: number(x.rounds) }) : number(x.rounds)),
    h('td', {}, x.rated ? t('page.rated') : t('tournaments.casual')),
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
  const rounds = h('input', { id: 'tournament-rounds', name: 'rounds', type: 'number', min: 1, max: 12, value: 3, required: true });
  const startsIn = h('select', { id: 'tournament-starts' }, [5, 10, 30, 60, 180, 1440].map((m) => h('option', { value: m, selected: m === 10 }, t('tournaments.in_minutes', { count: m }))));
  const rated = h('input', { id: 'tournament-rated', type: 'checkbox' });
  const pace = h('select', { id: 'tournament-pace' }, h('option', { value: '' }, t('tournaments.pace.live')),
    [24, 72].map((hours) => h('option', { value: hours }, t('tournaments.pace.hours', { count: hours }))));
  const field = (input, key) => h('p', { class: 'field' }, h('label', { for: input.id }, t(key)), ' ', input);
  const form = h('form', { id: 'tournament-form', onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      const made = await postJSON('/api/tournaments', {
        name: name.value, game: game.value, players: Number(players.value), rounds: Number(rounds.value),
        rated: rated.checked, starts_in: Number(startsIn.value), options: chosenOptions(info(), form),
        move_hours: pace.value ? Number(pace.value) : null });
      location.hash = made.id;
      loadLists();
    } catch (err) {
      el.status.textContent = t('tournaments.failed', { error: err.message });
    }
  } }, field(name, 'tournaments.field.name'), field(game, 'page.game'), field(players, 'tournaments.field.players'),
  field(rounds, 'tournaments.field.rounds'), field(startsIn, 'tournaments.field.starts'),
  field(pace, 'tournaments.field.pace'), optionsBox,
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
  if (x.status === 'open' && !x.entered) out.push(act('join', 'tournaments.join', 'btn primary'));
  if ((x.status === 'open' || x.status === 'running') && x.entered) out.push(act('withdraw', 'tournaments.withdraw'));
  if (x.status === 'open' && x.mine) out.push(act('start', 'tournaments.start'));
  return out.length ? h('p', { class: 'tournament-actions' }, out) : null;
}

function standingsPart(x) {
  if (!x.standings.length) return h('p', { class: 'muted' }, t('tournaments.nobody'));
  const rows = x.standings.map((s) => h('tr', { class: s.you ? 'you' : '' },
    h('td', { class: 'num' }, number(s.place)),
    h('td', {}, h('a', { href: `/players/${encodeURIComponent(s.name)}` }, s.name),
      s.withdrawn ? [' ', h('span', { class: 'muted small' }, t('tournaments.withdrawn'))] : null,
      s.you ? [' ', h('span', { class: 'muted small' }, t('tournaments.you'))] : null),
    h('td', { class: 'num' }, number(s.points)),
    h('td', { class: 'num' }, number(s.buchholz)),
    h('td', { class: 'num' }, number(s.wins)),
    h('td', { class: 'num' }, number(s.byes))));
  return h('table', { class: 'ratings-table tournament-standings' },
    h('caption', {}, t('tournaments.standings')),
    h('thead', {}, h('tr', {}, ['#', 'page.player', 'tournaments.col.points', 'tournaments.col.buchholz', 'tournaments.col.wins', 'tournaments.col.byes']
      .map((k) => h('th', { scope: 'col' }, k === '#' ? '#' : t(k))))),
    h('tbody', {}, rows));
}

function roundsPart(x) {
  let mine = null;
  const parts_ = x.tables_by_round.slice().reverse().map((r) => h('section', { class: 'tournament-round', 'aria-labelledby': `round-${r.round}` },
    h('h3', { id: `round-${r.round}` }, t('tournaments.round', { round: number(r.round) })),
    h('ol', { class: 'tournament-tables' }, r.tables.map((tb) => {
      const me = st.me.signed_in && tb.players.some((p) => p.name === st.me.name);
      if (me && r.round === x.round && !tb.over && tb.url) mine = tb.url;
      return h('li', { class: me ? 'tournament-table mine' : 'tournament-table' },
        h('span', {}, t('tournaments.table', { number: number(tb.number) }), ': '),
        tb.players.map((p, i) => [i ? ', ' : '', p.name, p.points === null ? '' : ` (${number(p.points)})`]),
        tb.url ? [' — ', h('a', { href: tb.url }, t(me && !tb.over ? 'tournaments.play' : tb.over ? 'tournaments.replay' : 'tournaments.watch'))] : null);
    })),
    r.byes.length ? h('p', { class: 'muted' }, t('tournaments.byes', { names: r.byes.join(', ') })) : null));
  return { parts: parts_, mine };
}

function render(x) {
  if (st.shownStatus && st.shownStatus !== x.status) loadLists();   // it moved between the lists
  st.shownStatus = x.status;
  const { parts: rounds, mine } = roundsPart(x);
  if (mine && mine !== st.myTable) el.status.textContent = t('tournaments.your_table', { round: number(x.round) });
  else if (!mine && st.myTable) el.status.textContent = '';   // that table is over
  st.myTable = mine;
  const facts = [x.title, t('tournaments.players_a_table', { count: x.players }),
    x.status === 'running' ? t('tournaments.round_of', { round: number(x.round), rounds: number(x.rounds) }) : t('tournaments.rounds', { count: x.rounds }),
    x.rated ? t('page.rated') : t('tournaments.casual'),
    x.move_hours ? t('tournaments.pace.hours', { count: x.move_hours }) : t('tournaments.pace.live'), statusWords(x.status)];
  replace(el.one, h('h2', { id: 'tournament-title' }, x.name),
    h('p', { class: 'tournament-facts' }, facts.join(' · ')),
    x.status === 'open' ? h('p', {}, t('tournaments.starts', { when: at(x.starts_at), count: x.entrants })) : null,
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
