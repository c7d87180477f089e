// @ts-check
// The puzzles page (/puzzles, a puzzle at /puzzles#<id>): the puzzles of the day (one per game,
// GET /api/puzzles/daily?game=…), a signed-in player's own puzzles (GET /api/puzzles/mine), and the
// puzzle opened: the position as its player saw it, drawn by the game's own module (js/games.js),
// the legal moves as buttons in the game's words, then — once answered (POST …/answer) — right or
// wrong, the best move and why, by how much it wins more often, and links to the replay of that
// step and to the next puzzle. Every word is the catalog's (i18n.js).
import './install.js';
import { h, replace, keepFocus, withNames } from './dom.js';
import { number, parts, t, translatePage, when } from './i18n.js';
import { getJSON, postJSON } from './api.js';
import { describeGames, moduleFor } from './games.js';
import { pageTools } from './prefs.js';
import { firstLook } from './session.js';
import { capital, seatNames } from './table-words.js';

translatePage();
pageTools();

const el = {
  main: document.getElementById('puzzles-main'),
  status: document.getElementById('puzzles-status'),
  puzzle: document.getElementById('puzzle'),
  daily: document.getElementById('puzzles-daily'),
  mine: document.getElementById('puzzles-mine'),
};
const JUDGEMENTS = {
  blunder: () => t('table.review.blunder'),
  mistake: () => t('table.review.mistake'),
  inaccuracy: () => t('table.review.inaccuracy'),
};
const STATES = {
  new: () => t('puzzles.state.new'),
  solved: () => t('puzzles.state.solved'),
  missed: () => t('puzzles.state.missed'),
};
const LOG_LINES = 12;
const st = {
  me: { signed_in: false },
  titles: {},       // game name → its title in the page's language
  daily: [],        // [{game, puzzle}] (puzzle: null when the game has none today)
  mine: null,       // the account's puzzles (null: a guest, or not loaded)
  current: null,    // the puzzle open: {p, game (its module), names, answer, chosen, busy, error}
  opening: 0,
};
const watched = new Set();   // the game modules whose layout changes are watched

const titleOf = (game) => st.titles[game] || game;
const day = (seconds) => when(seconds * 1000, { dateStyle: 'medium' });
const judgementWords = (j) => (JUDGEMENTS[j] ? JUDGEMENTS[j]() : j);

/** A sentence as the page shows it: a capital first letter and a full stop. */
function sentence(text) {
  const said = capital(text);
  return /[.!?。！？]$/.test(said) ? said : said + t('table.full_stop');
}

// -- the lists ------------------------------------------------------------------------------------
async function loadDaily(games) {
  st.daily = await Promise.all(games.map(async (g) => ({
    game: g.name,
    puzzle: await getJSON(`/api/puzzles/daily?game=${encodeURIComponent(g.name)}`).catch(() => null),
  })));
  renderDaily();
}

function renderDaily() {
  const items = st.daily.map(({ game, puzzle }) => h('li', {},
    puzzle
      ? h('a', { href: `#${puzzle.id}`, class: 'daily-link', 'data-game': game }, t('puzzles.daily_item', { title: titleOf(game) }))
      : h('span', { class: 'muted' }, t('puzzles.daily_none', { title: titleOf(game) }))));
  replace(el.daily, h('h2', { id: 'puzzles-daily-title' }, t('puzzles.daily_title')),
    items.length ? h('ul', { id: 'daily-list', class: 'puzzles-list' }, items) : h('p', { class: 'muted' }, t('puzzles.daily_empty')));
}

async function loadMine() {
  if (!st.me.signed_in) {
    st.mine = null;
    renderMine();
    return;
  }
  try {
    st.mine = (await getJSON('/api/puzzles/mine?limit=100')).puzzles;
  } catch (err) {
    st.mine = [];
    el.status.textContent = t('puzzles.failed', { error: err.message });
  }
  renderMine();
}

function renderMine() {
  const title = h('h2', { id: 'puzzles-mine-title' }, t('puzzles.mine_title'));
  if (st.mine === null) {
    const link = h('a', { href: '/account?next=%2Fpuzzles', id: 'puzzles-sign-in' }, t('puzzles.sign_in_link'));
    replace(el.mine, title, h('p', {}, parts('puzzles.sign_in', { link })));
    return;
  }
  if (!st.mine.length) {
    replace(el.mine, title, h('p', { id: 'puzzles-none', class: 'muted' }, t('puzzles.mine_none')));
    return;
  }
  const head = ['puzzles.col.puzzle', 'puzzles.col.date', 'puzzles.col.judgement', 'puzzles.col.state']
    .map((key) => h('th', { scope: 'col' }, t(key)));
  const rows = st.mine.map((p) => h('tr', { class: `puzzle-row ${p.state}`, 'data-id': p.id },
    h('td', {}, h('a', { href: `#${p.id}` }, t('puzzles.open', { title: titleOf(p.game) }))),
    h('td', {}, day(p.created_at)),
    h('td', {}, judgementWords(p.judgement)),
    h('td', { class: 'puzzle-state' }, STATES[p.state] ? STATES[p.state]() : p.state)));
  replace(el.mine, title, h('table', { class: 'ratings-table puzzles-table', id: 'puzzles-table' },
    h('caption', { class: 'visually-hidden' }, t('puzzles.mine_caption', { count: st.mine.length })),
    h('thead', {}, h('tr', {}, head)), h('tbody', {}, rows)));
}

/** The puzzle to go to after the one open: the next of the player's own not yet tried, else a
 * puzzle of the day not yet opened. */
function nextPuzzle() {
  const here = st.current && st.current.p.id;
  const mine = (st.mine || []).find((p) => p.state === 'new' && p.id !== here);
  if (mine) return mine.id;
  const daily = st.daily.find(({ puzzle }) => puzzle && puzzle.id !== here && !puzzle.attempt);
  return daily ? daily.puzzle.id : null;
}

// -- a puzzle -------------------------------------------------------------------------------------
async function openFromHash() {
  const id = decodeURIComponent(location.hash.replace(/^#/, ''));
  if (!id) {
    st.current = null;
    el.puzzle.hidden = true;
    return;
  }
  const round = ++st.opening;
  el.puzzle.hidden = false;
  replace(el.puzzle, h('p', { class: 'muted', role: 'status' }, t('page.loading')));
  let p;
  try {
    p = await getJSON(`/api/puzzles/${encodeURIComponent(id)}`);
  } catch (err) {
    if (round === st.opening) replace(el.puzzle, h('p', { class: 'error', role: 'alert' }, t('puzzles.failed', { error: err.message })));
    return;
  }
  const game = await moduleFor({ game: p.game, frontend: p.frontend });
  if (round !== st.opening) return;
  const daily = st.daily.find((d) => d.puzzle && d.puzzle.id === p.id);
  if (daily) p.daily = daily.puzzle.daily;
  st.current = { p, game, names: seatNames(p.seats), answer: null, chosen: null, busy: false, error: null, memory: {} };
  if (!watched.has(p.frontend)) {       // once per module: it redraws whichever puzzle is open
    watched.add(p.frontend);
    game.watchLayout(() => st.current && st.current.p.frontend === p.frontend && drawPuzzle());
  }
  document.title = t('puzzles.doc_title', { title: p.title });
  drawPuzzle();
  const heading = document.getElementById('puzzle-title');
  if (heading) {
    heading.focus({ preventScroll: true });
    el.puzzle.scrollIntoView({ block: 'start' });
  }
}

/** An action (a legal one, the answer, the move played) in the game's own words. */
function moveWords(action) {
  const c = st.current;
  return c.game.actionWords({ ...action, player: c.p.seat }, c.names, c.p.catalog);
}

function drawPuzzle() {
  const c = st.current;
  if (!c) return;
  const { p } = c;
  const done = c.answer !== null;
  const board = h('div', { id: 'puzzle-game', class: 'game' });
  const ctx = {
    view: p.view, log: p.log.entries, legal: done ? [] : p.legal, seat: p.seat, catalog: p.catalog, names: c.names,
    act: (a) => choose(typeof a === 'number' ? p.legal.find((x) => x.id === a) : a),
    readOnly: done || c.busy, status: 'playing', result: null, refusals: 0, redraw: drawPuzzle, answer: () => {},
    memory: c.memory,
  };
  keepFocus(() => {
    replace(el.puzzle,
      h('h2', { id: 'puzzle-title', tabindex: -1 }, t('puzzles.puzzle_title', { title: p.title })),
      h('p', { class: 'puzzle-task' }, p.mine ? t('puzzles.task_you', { judgement: judgementWords(p.judgement).toLowerCase() })
        : t('puzzles.task', { name: c.names[p.seat], judgement: judgementWords(p.judgement).toLowerCase() })),
      p.daily ? h('p', { class: 'puzzle-tag' }, t('puzzles.daily_tag', { date: when(`${p.daily}T12:00:00Z`, { dateStyle: 'medium' }) })) : null,
      moves(done),
      c.error ? h('p', { class: 'error', role: 'alert' }, c.error) : null,
      done ? result() : null,
      board,
      logPanel());
    c.game.render(board, ctx);
  }, el.puzzle, () => document.getElementById('puzzle-title'));
}

function moves(done) {
  const c = st.current;
  const said = c.answer;
  const buttons = c.p.legal.map((a) => {
    const marks = [];
    if (said && a.id === said.answer.id) marks.push('best');
    else if (said && (said.as_good || []).some((g) => g.id === a.id)) marks.push('as-good');
    if (said && a.id === c.chosen) marks.push('chosen');
    return h('li', {}, h('button', {
      type: 'button', class: `btn puzzle-move ${marks.join(' ')}`, 'data-action-id': a.id, 'data-key': `move:${a.id}`,
      disabled: done || c.busy, onclick: () => answerWith(a),
    }, moveWords(a), marks.includes('best') ? h('span', { class: 'puzzle-mark' }, t('puzzles.mark_best'))
      : marks.includes('as-good') ? h('span', { class: 'puzzle-mark' }, t('puzzles.mark_as_good')) : null));
  });
  return h('section', { class: 'puzzle-moves', 'aria-labelledby': 'puzzle-moves-title' },
    h('h3', { id: 'puzzle-moves-title' }, t('puzzles.moves_title')),
    h('p', { class: 'muted small' }, t('puzzles.moves_help')),
    h('ul', { id: 'puzzle-moves', class: 'puzzle-move-list' }, buttons));
}

/** The game module's own controls answer too (`ctx.act`: an action or its id). */
function choose(action) {
  if (action) answerWith(action);
}

async function answerWith(action) {
  const c = st.current;
  if (!c || c.busy || c.answer !== null) return;
  c.busy = true;
  c.error = null;
  drawPuzzle();
  try {
    c.answer = await postJSON(`/api/puzzles/${encodeURIComponent(c.p.id)}/answer`, { action: action.id });
    c.chosen = action.id;
  } catch (err) {
    c.error = t('puzzles.answer_failed', { error: err.message });
  }
  c.busy = false;
  if (c.answer && c.answer.attempt && st.mine) {
    const listed = st.mine.find((p) => p.id === c.p.id);
    if (listed && listed.state === 'new') listed.state = c.answer.attempt.solved ? 'solved' : 'missed';
    renderMine();
  }
  if (c.answer) c.p.attempt = c.answer.attempt || { solved: c.answer.right, tries: 1 };
  drawPuzzle();
  const verdict = document.getElementById('puzzle-result');
  if (verdict) verdict.focus({ preventScroll: false });
}

/** By how much the best move wins more often, as a player reads it. */
function marginWords(r) {
  const percent = number(Math.round(r.margin * 100));
  if (typeof r.margin_error !== 'number') return t('puzzles.margin_plain', { percent });
  return t('puzzles.margin', { percent, error: number(Math.max(1, Math.round(r.margin_error * 100))) });
}

function result() {
  const c = st.current;
  const r = c.answer;
  const you = c.p.mine;
  const next = nextPuzzle();
  return h('section', { id: 'puzzle-result', class: `puzzle-result ${r.right ? 'right' : 'wrong'}`, tabindex: -1,
    'aria-labelledby': 'puzzle-verdict' },
  h('p', { id: 'puzzle-verdict', class: 'puzzle-verdict', role: 'status' }, r.right ? t('puzzles.right') : t('puzzles.wrong')),
  r.right ? null : h('p', {}, t('puzzles.your_answer', { move: moveWords(r.action) })),
  h('p', { id: 'puzzle-answer' }, t('puzzles.answer', { move: moveWords(r.answer) })),
  r.as_good && r.as_good.length ? h('p', { id: 'puzzle-as-good' }, t('puzzles.as_good', { moves: r.as_good.map(moveWords).join(t('table.separator')) })) : null,
  h('p', { id: 'puzzle-margin' }, marginWords(r)),
  r.why ? h('p', { id: 'puzzle-why' }, sentence(withNames(r.why, c.names))) : null,
  h('p', { id: 'puzzle-played' }, you ? t('puzzles.played_you', { move: moveWords(r.played) })
    : t('puzzles.played', { name: c.names[c.p.seat], move: moveWords(r.played) })),
  h('p', { class: 'puzzle-links' },
    h('a', { href: r.replay, id: 'puzzle-replay', class: 'btn subtle' }, t('puzzles.replay_link')),
    next ? h('a', { href: `#${next}`, id: 'puzzle-next', class: 'btn primary' }, t('puzzles.next')) : null));
}

function logPanel() {
  const c = st.current;
  const lines = c.game.log(c.p.log.entries, c.names, c.p.seat, c.p.catalog).slice(-LOG_LINES);
  return h('section', { class: 'puzzle-log', 'aria-labelledby': 'puzzle-log-title' },
    h('h3', { id: 'puzzle-log-title' }, t('puzzles.log_title')),
    lines.length ? h('ol', { class: 'log-list', tabindex: 0, 'aria-labelledby': 'puzzle-log-title' }, lines.map((l) => h('li', {}, l.text)))
      : h('p', { class: 'muted' }, t('puzzles.log_empty')));
}

async function start() {
  const [me, { games }] = await Promise.all([firstLook, describeGames().catch(() => ({ games: [] }))]);
  st.me = me;
  for (const g of games) st.titles[g.name] = g.title;
  await Promise.all([loadDaily(games), loadMine()]);
  window.addEventListener('hashchange', openFromHash);
  await openFromHash();
  el.main.dataset.ready = 'true';
}

start();
