// A player's page (/players/{name}): ratings per game and player count, the rating after each rated
// game as a plot (inline SVG, with a table of the same numbers), the latest games with links to
// their replays, and win rates by game and by seat. Everything comes from GET /api/players/{name}.
import './install.js';
import { h, s, replace, plural } from './dom.js';
import { getJSON } from './api.js';
import { motionToggle } from './prefs.js';

const PLOT = { width: 640, height: 240, left: 56, right: 16, top: 14, bottom: 34 };
const el = {
  header: document.getElementById('player-header'),
  status: document.getElementById('player-status'),
  ratings: document.getElementById('player-ratings'),
  history: document.getElementById('player-history'),
  games: document.getElementById('player-games'),
  rates: document.getElementById('player-win-rates'),
};
let titles = {};

const titleOf = (game) => titles[game] || game;
const percent = (rate) => `${Math.round(rate * 100)}%`;
const day = (at) => new Date(at * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
const poolWords = (players) => (players ? plural(players, 'player') : 'every player count');

/** A table; headings that end with '#' head a column of numbers (the '#' is not shown). */
function table(id, caption, headings, rows) {
  const head = (t) => (t.endsWith('#') ? h('th', { scope: 'col', class: 'num' }, t.slice(0, -1)) : h('th', { scope: 'col' }, t));
  return h('table', { class: 'ratings-table', id },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, headings.map(head))),
    h('tbody', {}, rows));
}

function ordinal(n) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th');
  return `${n}${tail}`;
}

/** A rounded range that holds every rating, at least 100 points tall. */
function scale(ratings) {
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 100) {
    const mid = (low + high) / 2;
    [low, high] = [mid - 50, mid + 50];
  }
  return [Math.floor(low / 50) * 50, Math.ceil(high / 50) * 50];
}

/**
 * The rating after each game as an SVG line (one point per game, in order), with a <title> and a
 * <desc> for screen readers; the table beside it gives the same numbers.
 */
export function ratingPlot(points, { id, label }) {
  const { width, height, left, right, top, bottom } = PLOT;
  const ratings = points.map((p) => p.rating);
  const [low, high] = scale(ratings);
  const span = width - left - right;
  const x = (i) => left + (points.length === 1 ? span / 2 : (i * span) / (points.length - 1));
  const y = (r) => top + ((high - r) * (height - top - bottom)) / (high - low);
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.rating).toFixed(1)}`).join(' ');
  const ticks = [low, (low + high) / 2, high];
  return s('svg', {
    class: 'rating-plot', viewBox: `0 0 ${width} ${height}`, role: 'img', id,
    'aria-labelledby': `${id}-title ${id}-desc`, 'data-points': points.length,
  },
  s('title', { id: `${id}-title` }, label),
  s('desc', { id: `${id}-desc` }, `${plural(points.length, 'rated game')}: from ${ratings[0]} after the first to `
    + `${ratings[ratings.length - 1]} after the last; lowest ${Math.min(...ratings)}, highest ${Math.max(...ratings)}.`),
  ticks.map((t) => s('g', { class: 'plot-tick' },
    s('line', { x1: left, x2: width - right, y1: y(t), y2: y(t) }),
    s('text', { x: left - 6, y: y(t) + 4, 'text-anchor': 'end' }, String(Math.round(t))))),
  s('text', { class: 'plot-axis', x: left + span / 2, y: height - 8, 'text-anchor': 'middle' },
    `rated games, oldest to newest (${points.length})`),
  s('path', { class: 'rating-line', d }),
  points.map((p, i) => s('circle', { class: 'rating-dot', cx: x(i), cy: y(p.rating), r: 3.5 },
    s('title', {}, `game ${i + 1}, ${day(p.at)}: ${p.rating}`))));
}

function renderHeader(profile) {
  document.title = `${profile.name} — furuba`;
  replace(el.header, h('h1', {}, profile.name),
    h('p', { class: 'muted' }, `Playing since ${day(profile.created_at)}`));
}

function renderRatings(profile) {
  const rows = profile.ratings.map((r) => h('tr', {},
    h('th', { scope: 'row' }, titleOf(r.game)),
    h('td', {}, h('a', { href: `/leaderboard/${encodeURIComponent(r.game)}${r.players ? `?players=${r.players}` : ''}` }, poolWords(r.players))),
    h('td', { class: 'num' }, String(r.rating), r.provisional ? h('span', { class: 'provisional' }, ' provisional') : null),
    h('td', { class: 'num' }, String(r.games)),
    h('td', { class: 'num' }, percent(r.win_rate))));
  replace(el.ratings, h('h2', { id: 'player-ratings-title' }, 'Ratings'),
    rows.length ? table('ratings-list', 'Rating by game and player count',
      ['Game', 'Player count', 'Rating#', 'Rated games#', 'Win rate#'], rows)
      : h('p', {}, 'No rated games yet.'));
}

function historyTable(game, points) {
  const rows = points.map((p, i) => h('tr', {},
    h('td', { class: 'num' }, String(i + 1)),
    h('td', {}, day(p.at)),
    h('td', { class: 'num' }, String(p.rating)),
    h('td', {}, h('a', { href: `/replay/${encodeURIComponent(p.table_id)}` }, 'Replay'))));
  return h('details', { class: 'plot-data' }, h('summary', {}, `The ${titleOf(game)} ratings as a table`),
    table(`history-table-${game}`, `${titleOf(game)}: rating after each rated game`, ['Game#', 'Date', 'Rating#', 'Replay'], rows));
}

function renderHistory(profile) {
  const games = Object.entries(profile.history).filter(([, points]) => points.length);
  replace(el.history, h('h2', { id: 'player-history-title' }, 'Rating over time'),
    games.length ? games.map(([game, points]) => h('figure', { class: 'plot-figure' },
      h('figcaption', {}, `${titleOf(game)}, every player count`),
      ratingPlot(points, { id: `plot-${game}`, label: `${profile.name}'s ${titleOf(game)} rating after each rated game` }),
      historyTable(game, points)))
      : h('p', {}, 'The plot appears after the first rated game.'));
}

function resultWords(g) {
  if (g.cooperative) return g.share > 0 ? 'won together' : 'lost together';
  const shared = g.share > 0 && g.share < 1 ? ', shared win' : '';
  return `${ordinal(g.rank)} of ${g.players}${shared}`;
}

function renderGames(profile) {
  const rows = profile.games.map((g) => h('tr', {},
    h('td', {}, day(g.at)),
    h('td', {}, titleOf(g.game)),
    h('td', {}, resultWords(g)),
    h('td', { class: 'num' }, g.rating_change === null ? (g.rated ? '—' : 'not rated') : signed(g.rating_change)),
    h('td', {}, h('a', { href: `/replay/${encodeURIComponent(g.table_id)}`, class: 'replay-link' }, 'Replay'))));
  replace(el.games, h('h2', { id: 'player-games-title' }, 'Latest games'),
    rows.length ? table('games-list', 'Latest games, newest first', ['Date', 'Game', 'Result', 'Rating#', 'Replay'], rows)
      : h('p', {}, 'No finished games yet.'));
}

function renderWinRates(profile) {
  const { by_game: byGame, by_seat: bySeat } = profile.win_rates;
  const gameRows = byGame.map((r) => h('tr', {}, h('th', { scope: 'row' }, titleOf(r.game)),
    h('td', { class: 'num' }, String(r.games)), h('td', { class: 'num' }, percent(r.win_rate))));
  const seatRows = bySeat.map((r) => h('tr', {}, h('th', { scope: 'row' }, titleOf(r.game)),
    h('td', { class: 'num' }, String(r.seat + 1)), h('td', { class: 'num' }, String(r.games)),
    h('td', { class: 'num' }, percent(r.win_rate))));
  replace(el.rates, h('h2', { id: 'player-win-rates-title' }, 'Win rates'),
    h('p', { class: 'muted small' }, 'Every finished game counts, rated or not; a shared win counts its share.'),
    gameRows.length ? [
      table('win-rates-game', 'By game', ['Game', 'Games#', 'Win rate#'], gameRows),
      table('win-rates-seat', 'By seat (1 is the first seat)', ['Game', 'Seat#', 'Games#', 'Win rate#'], seatRows),
    ] : h('p', {}, 'No finished games yet.'));
}

async function start() {
  document.getElementById('page-tools').append(motionToggle());
  const name = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] || '');
  let profile;
  try {
    profile = await getJSON(`/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    replace(el.header, h('h1', {}, name || 'Player'));
    el.status.textContent = '';
    el.status.append(h('span', { class: 'error', role: 'alert' }, err.message));
    return;
  }
  titles = profile.titles || {};
  el.status.textContent = '';
  renderHeader(profile);
  renderRatings(profile);
  renderHistory(profile);
  renderGames(profile);
  renderWinRates(profile);
  for (const section of [el.ratings, el.history, el.games, el.rates]) section.hidden = false;
}

start();
