// The leaderboard (/leaderboard/{game}?players=N&offset=K): one game's players by rating, with a
// switcher between games and a player-count filter. Every game and its player counts come from
// GET /api/games; /leaderboard alone shows the first game.
import './install.js';
import { h, replace, plural } from './dom.js';
import { getJSON } from './api.js';
import { motionToggle } from './prefs.js';
import { describeGames } from './games.js';

const PAGE = 50;
const el = {
  title: document.getElementById('leaderboard-title'),
  switcher: document.getElementById('game-switcher'),
  filter: document.getElementById('players-filter'),
  status: document.getElementById('leaderboard-status'),
  body: document.getElementById('leaderboard-body'),
  pages: document.getElementById('leaderboard-pages'),
  note: document.getElementById('provisional-note'),
};
const lb = { games: [], game: '', players: null, offset: 0 };

/** The game, player count and page the address names. */
function readAddress() {
  const parts = location.pathname.split('/').filter(Boolean);
  const query = new URLSearchParams(location.search);
  const players = Number(query.get('players'));
  return {
    game: parts[1] ? decodeURIComponent(parts[1]) : (lb.games[0] ? lb.games[0].name : ''),
    players: Number.isInteger(players) && players > 0 ? players : null,
    offset: Math.max(0, Math.floor(Number(query.get('offset')) || 0)),
  };
}

function addressOf({ game, players, offset }) {
  const query = new URLSearchParams();
  if (players) query.set('players', players);
  if (offset) query.set('offset', offset);
  const tail = query.toString();
  return `/leaderboard/${encodeURIComponent(game)}${tail ? `?${tail}` : ''}`;
}

/** Show another game, count or page, keeping the address in step (Back goes back). */
function go(change) {
  const next = { game: lb.game, players: lb.players, offset: lb.offset, ...change };
  history.pushState(null, '', addressOf(next));
  show(next);
}

function currentGame() {
  return lb.games.find((g) => g.name === lb.game);
}

function renderSwitcher() {
  replace(el.switcher, lb.games.map((g) => h('a', {
    href: addressOf({ game: g.name }), class: 'btn subtle small', 'aria-current': g.name === lb.game ? 'page' : null,
    onclick: (ev) => { ev.preventDefault(); go({ game: g.name, players: null, offset: 0 }); },
  }, g.title)));
}

function renderFilter() {
  const game = currentGame();
  const counts = [];
  if (game) for (let n = game.players.min; n <= game.players.max; n += 1) counts.push(n);
  replace(el.filter, h('option', { value: '' }, 'Every player count'),
    counts.map((n) => h('option', { value: n }, plural(n, 'player'))));
  el.filter.value = lb.players ? String(lb.players) : '';
}

function percent(rate) {
  return `${Math.round(rate * 100)}%`;
}

function ratingCell(entry) {
  return h('td', { class: 'num' }, String(entry.rating),
    entry.provisional ? h('span', { class: 'provisional', title: 'provisional: few rated games yet' }, ' provisional') : null);
}

function renderTable(board) {
  if (!board.entries.length) {
    replace(el.body, h('p', { class: 'panel', id: 'leaderboard-empty' },
      board.total ? 'No players on this page.' : `Nobody has played a rated game of ${board.title} here yet${board.players ? ` with ${board.players} players` : ''}.`));
    return;
  }
  const rows = board.entries.map((e) => h('tr', {},
    h('td', { class: 'num' }, String(e.place)),
    h('th', { scope: 'row' }, h('a', { href: `/players/${encodeURIComponent(e.name)}` }, e.name)),
    ratingCell(e),
    h('td', { class: 'num' }, String(e.games)),
    h('td', { class: 'num' }, percent(e.win_rate))));
  replace(el.body, h('table', { class: 'ratings-table', id: 'leaderboard-table' },
    h('caption', {}, `${board.title}: ${board.players ? plural(board.players, 'player') : 'every player count'}`),
    h('thead', {}, h('tr', {}, ['Place', 'Player', 'Rating', 'Games', 'Win rate'].map((t, i) => h('th', { scope: 'col', class: i === 1 ? null : 'num' }, t)))),
    h('tbody', {}, rows)));
}

function renderPages(board) {
  const last = board.offset + board.entries.length;
  const button = (text, offset, disabled) => h('button', {
    type: 'button', class: 'btn small', disabled, onclick: () => go({ offset }),
  }, text);
  replace(el.pages, board.total > board.limit ? [
    button('‹ Previous', Math.max(0, board.offset - board.limit), board.offset === 0),
    h('span', { class: 'muted' }, `${board.offset + 1}–${last} of ${board.total}`),
    button('Next ›', board.offset + board.limit, last >= board.total),
  ] : []);
}

async function show(where) {
  Object.assign(lb, where);
  renderSwitcher();
  renderFilter();
  const game = currentGame();
  document.title = `Leaderboard${game ? `: ${game.title}` : ''} — furuba`;
  replace(el.title, game ? `Leaderboard: ${game.title}` : 'Leaderboard');
  el.status.textContent = 'Loading…';
  const query = new URLSearchParams({ limit: PAGE, offset: lb.offset });
  if (lb.players) query.set('players', lb.players);
  let board;
  try {
    board = await getJSON(`/api/leaderboard/${encodeURIComponent(lb.game)}?${query}`);
  } catch (err) {
    el.status.textContent = '';
    replace(el.body, h('p', { class: 'error', role: 'alert' }, err.message));
    replace(el.pages);
    return;
  }
  if (lb.game !== where.game || lb.players !== where.players || lb.offset !== where.offset) return;
  el.status.textContent = plural(board.total, 'rated player');
  el.note.textContent = `“Provisional” marks a player with fewer than ${board.provisional_games} rated games in this list.`;
  renderTable(board);
  renderPages(board);
}

async function start() {
  document.getElementById('page-tools').append(motionToggle());
  try {
    lb.games = (await describeGames()).games;
  } catch (err) {
    replace(el.body, h('p', { class: 'error', role: 'alert' }, err.message));
    return;
  }
  const where = readAddress();
  if (location.pathname.replace(/\/+$/, '') === '/leaderboard') history.replaceState(null, '', addressOf(where));
  el.filter.addEventListener('change', () => go({ players: el.filter.value ? Number(el.filter.value) : null, offset: 0 }));
  window.addEventListener('popstate', () => show(readAddress()));
  await show(where);
}

start();
