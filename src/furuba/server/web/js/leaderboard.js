// @ts-check
// The leaderboard (/leaderboard/{game}?players=N&offset=K, or ?season=2026-q4&offset=K): one game's
// players by rating, with a switcher between games, a season choice (all time, the season under
// way, the past seasons with rated players: GET /api/leaderboard/{game}/seasons) and a
// player-count filter (all time only: a season counts every player count). Every game and its
// player counts come from GET /api/games; /leaderboard alone shows the first game.
import './install.js';
import { h, replace } from './dom.js';
import { number, t, translatePage, when } from './i18n.js';
import { getJSON } from './api.js';
import { pageTools } from './prefs.js';
import { describeGames } from './games.js';

translatePage();

const PAGE = 50;
const el = {
  title: document.getElementById('leaderboard-title'),
  switcher: document.getElementById('game-switcher'),
  filter: /** @type {HTMLSelectElement} */ (document.getElementById('players-filter')),
  filterNote: document.getElementById('players-filter-note'),
  season: /** @type {HTMLSelectElement} */ (document.getElementById('season-filter')),
  seasonNote: document.getElementById('season-note'),
  status: document.getElementById('leaderboard-status'),
  body: document.getElementById('leaderboard-body'),
  pages: document.getElementById('leaderboard-pages'),
  note: document.getElementById('provisional-note'),
};
const lb = { games: [], game: '', players: null, season: '', offset: 0 };
const SEASON = /^(\d{4})-q([1-4])$/;
/** Each game's seasons as GET /api/leaderboard/{game}/seasons lists them (asked once a game). */
const seasonLists = new Map();

/** "2026 Q4" / "2026年 第4期" for the season named `name` ("2026-q4"). */
function seasonName(name) {
  const m = SEASON.exec(name);
  return m ? t('season.name', { year: m[1], quarter: m[2] }) : name;
}

/** The game, player count and page the address names. */
function readAddress() {
  const parts = location.pathname.split('/').filter(Boolean);
  const query = new URLSearchParams(location.search);
  const players = Number(query.get('players'));
  const season = query.get('season') || '';
  return {
    game: parts[1] ? decodeURIComponent(parts[1]) : (lb.games[0] ? lb.games[0].name : ''),
    season: SEASON.test(season) ? season : '',
    players: Number.isInteger(players) && players > 0 && !SEASON.test(season) ? players : null,
    offset: Math.max(0, Math.floor(Number(query.get('offset')) || 0)),
  };
}

/** @param {{game?: string, players?: number | null, season?: string | null, offset?: number}} page */
function addressOf({ game, players, season, offset }) {
  const query = new URLSearchParams();
  if (season) query.set('season', season);
  else if (players) query.set('players', String(players));
  if (offset) query.set('offset', String(offset));
  const tail = query.toString();
  return `/leaderboard/${encodeURIComponent(game)}${tail ? `?${tail}` : ''}`;
}

/** Show another game, count or page, keeping the address in step (Back goes back). */
function go(change) {
  const next = { game: lb.game, players: lb.players, season: lb.season, offset: lb.offset, ...change };
  history.pushState(null, '', addressOf(next));
  show(next);
}

function currentGame() {
  return lb.games.find((g) => g.name === lb.game);
}

/** A board's game in the page's language (the board's own title when the game is unknown here). */
function gameTitle(board) {
  const game = lb.games.find((g) => g.name === board.game);
  return game ? game.title : board.title;
}

function renderSwitcher() {
  replace(el.switcher, lb.games.map((g) => h('a', {
    href: addressOf({ game: g.name }), class: 'btn subtle small', 'aria-current': g.name === lb.game ? 'page' : null,
    onclick: (ev) => { ev.preventDefault(); go({ game: g.name, players: null, season: '', offset: 0 }); },
  }, g.title)));
}

function renderFilter() {
  const game = currentGame();
  const counts = [];
  if (game) for (let n = game.players.min; n <= game.players.max; n += 1) counts.push(n);
  replace(el.filter, h('option', { value: '' }, t('page.every_player_count')),
    counts.map((n) => h('option', { value: n }, t('page.players', { count: n }))));
  el.filter.value = lb.players ? String(lb.players) : '';
  el.filter.disabled = Boolean(lb.season);
  el.filterNote.hidden = !lb.season;
  el.filterNote.textContent = lb.season ? t('leaderboard.season_players') : '';
}

/** The game's seasons, newest first (the season under way first): asked once per game. */
async function seasonsOf(game) {
  if (!seasonLists.has(game)) {
    seasonLists.set(game, getJSON(`/api/leaderboard/${encodeURIComponent(game)}/seasons`)
      .then((found) => found.seasons)
      .catch(() => { seasonLists.delete(game); return []; }));
  }
  return seasonLists.get(game);
}

/** "All time", the season under way, then the past seasons with rated players; the season the
 *  address names is listed even when nobody played in it. */
async function renderSeasonFilter(where) {
  const seasons = await seasonsOf(where.game);
  if (lb.game !== where.game) return;
  const options = seasons.map((s) => h('option', { value: s.season },
    s.current ? t('leaderboard.season_current', { season: seasonName(s.season) }) : seasonName(s.season)));
  if (where.season && !seasons.some((s) => s.season === where.season)) {
    options.push(h('option', { value: where.season }, seasonName(where.season)));
  }
  replace(el.season, h('option', { value: '' }, t('leaderboard.all_time')), options);
  el.season.value = lb.season;
}

const utcDay = (seconds) => when(seconds * 1000, { dateStyle: 'long', timeZone: 'UTC' });

/** What the season shown is: under way (to when) or over (its final standings). */
function renderSeasonNote(board) {
  const season = board.season;
  el.seasonNote.hidden = !season;
  if (!season) { el.seasonNote.textContent = ''; return; }
  const words = { season: seasonName(season.season), date: utcDay(season.end - 1) };
  el.seasonNote.textContent = season.over ? t('leaderboard.season_final', words) : t('leaderboard.season_so_far', words);
}

const percent = (rate) => number(rate, { style: 'percent', maximumFractionDigits: 0 });
const rating = (n) => number(n, { useGrouping: false });

function ratingCell(entry) {
  return h('td', { class: 'num' }, rating(entry.rating),
    entry.provisional ? h('span', { class: 'provisional', title: t('page.provisional_why') }, ' ', t('page.provisional')) : null);
}

/** "Zodiac: 4 players" / "Zodiac: every player count". */
const pool = (players) => (players ? t('page.players', { count: players }) : t('page.every_player_count_lower'));

function renderTable(board) {
  if (!board.entries.length) {
    replace(el.body, h('p', { class: 'panel', id: 'leaderboard-empty' },
      board.total ? t('leaderboard.empty_page')
        : board.season ? t('leaderboard.season_nobody', { game: gameTitle(board), season: seasonName(board.season.season) })
        : board.players ? t('leaderboard.nobody_with', { game: gameTitle(board), count: board.players })
          : t('leaderboard.nobody', { game: gameTitle(board) })));
    return;
  }
  const rows = board.entries.map((e) => h('tr', {},
    h('td', { class: 'num' }, String(e.place)),
    h('th', { scope: 'row' }, h('a', { href: `/players/${encodeURIComponent(e.name)}` }, h('bdi', {}, e.name))),
    ratingCell(e),
    h('td', { class: 'num' }, number(e.games)),
    h('td', { class: 'num' }, percent(e.win_rate))));
  const headings = ['leaderboard.place', 'page.player', 'page.rating', 'page.games', 'page.win_rate'];
  replace(el.body, h('table', { class: 'ratings-table', id: 'leaderboard-table' },
    h('caption', {}, board.season
      ? t('leaderboard.season_caption', { game: gameTitle(board), season: seasonName(board.season.season) })
      : t('leaderboard.caption', { game: gameTitle(board), pool: pool(board.players) })),
    h('thead', {}, h('tr', {}, headings.map((key, i) => h('th', { scope: 'col', class: i === 1 ? null : 'num' }, t(key))))),
    h('tbody', {}, rows)));
}

function renderPages(board) {
  const last = board.offset + board.entries.length;
  const button = (text, offset, disabled) => h('button', {
    type: 'button', class: 'btn small', disabled, onclick: () => go({ offset }),
  }, text);
  replace(el.pages, board.total > board.limit ? [
    button(t('leaderboard.previous'), Math.max(0, board.offset - board.limit), board.offset === 0),
    h('span', { class: 'muted' }, t('leaderboard.range', { first: number(board.offset + 1), last: number(last), total: number(board.total) })),
    button(t('leaderboard.next'), board.offset + board.limit, last >= board.total),
  ] : []);
}

async function show(where) {
  Object.assign(lb, where);
  renderSwitcher();
  renderFilter();
  renderSeasonFilter(where);
  const game = currentGame();
  document.title = game ? t('leaderboard.game_page_title', { game: game.title }) : t('leaderboard.page_title');
  replace(el.title, game ? t('leaderboard.game_title', { game: game.title }) : t('page.leaderboard'));
  el.status.textContent = t('page.loading');
  const query = new URLSearchParams({ limit: String(PAGE), offset: String(lb.offset) });
  if (lb.season) query.set('season', lb.season);
  else if (lb.players) query.set('players', lb.players);
  let board;
  try {
    board = await getJSON(`/api/leaderboard/${encodeURIComponent(lb.game)}?${query}`);
  } catch (err) {
    if (lb.game !== where.game || lb.players !== where.players || lb.season !== where.season
      || lb.offset !== where.offset) return;
    el.status.textContent = '';
    el.seasonNote.hidden = true;
    replace(el.body, h('p', { class: 'error', role: 'alert' }, err.message));
    replace(el.pages);
    return;
  }
  if (lb.game !== where.game || lb.players !== where.players || lb.season !== where.season
    || lb.offset !== where.offset) return;
  renderSeasonNote(board);
  el.status.textContent = t('leaderboard.rated_players', { count: board.total, total: number(board.total) });
  el.note.textContent = t('leaderboard.provisional_note', { count: board.provisional_games });
  renderTable(board);
  renderPages(board);
}

async function start() {
  pageTools();
  try {
    lb.games = (await describeGames()).games;
  } catch (err) {
    replace(el.body, h('p', { class: 'error', role: 'alert' }, err.message));
    return;
  }
  const where = readAddress();
  if (location.pathname.replace(/\/+$/, '') === '/leaderboard') history.replaceState(null, '', addressOf(where));
  el.filter.addEventListener('change', () => go({ players: el.filter.value ? Number(el.filter.value) : null, offset: 0 }));
  el.season.addEventListener('change', () => go({ season: el.season.value, players: null, offset: 0 }));
  window.addEventListener('popstate', () => show(readAddress()));
  await show(where);
}

start();
