// @ts-check
// A player's page (/players/{name}): ratings per game and player count, the rating after each rated
// game as a plot (inline SVG, with a table of the same numbers), the latest games with links to
// their replays, and win rates by game and by seat. Everything comes from GET /api/players/{name}.
import './install.js';
import { h, s, replace } from './dom.js';
import { lang, number, t, translatePage, when } from './i18n.js';
import { getJSON, sendJSON } from './api.js';
import { describeGames } from './games.js';
import { pageTools, toast } from './prefs.js';
import { reportDialog } from './report.js';
import { friendTools, friendsGames } from './friends.js';
import { firstLook } from './session.js';
import { renderSeasons } from './player-seasons.js';
import { renderTournaments } from './player-tournaments.js';

translatePage();

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
const percent = (rate) => number(rate, { style: 'percent', maximumFractionDigits: 0 });
const rating = (n) => number(n, { useGrouping: false });
const day = (at) => when(at * 1000, { dateStyle: 'medium' });
const signed = (n) => (n > 0 ? `+${rating(n)}` : n < 0 ? `−${rating(-n)}` : '±0');
const poolWords = (players) => (players ? t('page.players', { count: players }) : t('page.every_player_count_lower'));
const ordinals = new Intl.PluralRules(lang, { type: 'ordinal' });

/** A table; heading keys that end with '#' head a column of numbers (the '#' is not shown). */
function table(id, caption, headings, rows) {
  const head = (key) => (key.endsWith('#') ? h('th', { scope: 'col', class: 'num' }, t(key.slice(0, -1)))
    : h('th', { scope: 'col' }, t(key)));
  return h('table', { class: 'ratings-table', id },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, headings.map(head))),
    h('tbody', {}, rows));
}

/** A place in the page's language: "1st", "2nd" / "1位". */
function ordinal(n) {
  return t(`player.ordinal.${ordinals.select(n)}`, { n: number(n) });
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
  s('desc', { id: `${id}-desc` }, t('player.plot_desc', {
    games: t('player.rated_games', { count: points.length }), first: rating(ratings[0]),
    last: rating(ratings[ratings.length - 1]), low: rating(Math.min(...ratings)), high: rating(Math.max(...ratings)) })),
  ticks.map((tick) => s('g', { class: 'plot-tick' },
    s('line', { x1: left, x2: width - right, y1: y(tick), y2: y(tick) }),
    s('text', { x: left - 6, y: y(tick) + 4, 'text-anchor': 'end' }, rating(Math.round(tick))))),
  s('text', { class: 'plot-axis', x: left + span / 2, y: height - 8, 'text-anchor': 'middle' },
    t('player.plot_axis', { count: points.length })),
  s('path', { class: 'rating-line', d }),
  points.map((p, i) => s('circle', { class: 'rating-dot', cx: x(i), cy: y(p.rating), r: 3.5 },
    s('title', {}, t('player.plot_point', { n: number(i + 1), date: day(p.at), rating: rating(p.rating) })))));
}

function renderHeader(profile) {
  document.title = `${profile.name} — furuba`;
  replace(el.header, h('h1', {}, h('bdi', {}, profile.name)),
    h('p', { class: 'muted' }, t('player.since', { date: day(profile.created_at) })),
    h('p', { class: 'player-friends', id: 'player-friends' }),
    h('p', { class: 'player-moderation', id: 'player-moderation' }));
  moderationTools(profile.name);
  friendParts(profile.name).catch(() => {});
}

/** Follow and challenge (another's page), or the games of the players you follow (your own). */
async function friendParts(name) {
  const me = await firstLook;
  if (!me.signed_in) return;
  if (me.name === name) await friendsGames(document.getElementById('player-friends-games'), resultWords);
  else await friendTools(name, document.getElementById('player-friends'));
}

/** Block (or unblock) and report this player: for a signed-in player on another's page. */
async function moderationTools(name) {
  const me = await firstLook;
  if (!me.signed_in || me.name === name) return;
  const slot = document.getElementById('player-moderation');
  const { blocks } = await getJSON('/api/me/blocks').catch(() => ({ blocks: [] }));
  let blocked = blocks.some((b) => b.name === name);
  const block = h('button', { type: 'button', class: 'btn small', id: 'player-block' });
  const show = () => { block.textContent = t(blocked ? 'player.unblock' : 'player.block'); };
  block.addEventListener('click', async () => {
    try {
      if (blocked) await sendJSON('DELETE', `/api/me/blocks/${encodeURIComponent(name)}`);
      else await sendJSON('POST', '/api/me/blocks', { name });
      blocked = !blocked;
      show();
      friendParts(name).catch(() => {});   // a block ends the follows (friends.js)
      toast(t(blocked ? 'player.blocked' : 'player.unblocked', { name }));
    } catch (err) {
      toast(err.message, 'error');
    }
  });
  const report = h('button', { type: 'button', class: 'btn small', id: 'player-report' }, t('player.report'));
  report.addEventListener('click', async () => {
    if (await reportDialog({ player: name })) toast(t('report.sent'));
  });
  show();
  replace(slot, block, ' ', report);
}

function renderRatings(profile) {
  const rows = profile.ratings.map((r) => h('tr', {},
    h('th', { scope: 'row' }, titleOf(r.game)),
    h('td', {}, h('a', { href: `/leaderboard/${encodeURIComponent(r.game)}${r.players ? `?players=${r.players}` : ''}` }, poolWords(r.players))),
    h('td', { class: 'num' }, rating(r.rating),
      r.provisional ? h('span', { class: 'provisional', title: t('page.provisional_why') }, ' ', t('page.provisional')) : null),
    h('td', { class: 'num' }, number(r.games)),
    h('td', { class: 'num' }, percent(r.win_rate))));
  replace(el.ratings, h('h2', { id: 'player-ratings-title' }, t('player.ratings')),
    rows.length ? table('ratings-list', t('player.ratings_caption'),
      ['page.game', 'page.player_count', 'page.rating#', 'player.rated_games_column#', 'page.win_rate#'], rows)
      : h('p', {}, t('player.no_rated_games')));
}

function historyTable(game, points) {
  const rows = points.map((p, i) => h('tr', {},
    h('td', { class: 'num' }, number(i + 1)),
    h('td', {}, day(p.at)),
    h('td', { class: 'num' }, rating(p.rating)),
    h('td', {}, h('a', { href: `/replay/${encodeURIComponent(p.table_id)}` }, t('player.replay')))));
  return h('details', { class: 'plot-data' }, h('summary', {}, t('player.as_table', { game: titleOf(game) })),
    table(`history-table-${game}`, t('player.history_caption', { game: titleOf(game) }),
      ['player.game_number#', 'player.date', 'page.rating#', 'player.replay'], rows));
}

function renderHistory(profile) {
  const games = Object.entries(profile.history).filter(([, points]) => points.length);
  replace(el.history, h('h2', { id: 'player-history-title' }, t('player.history')),
    games.length ? games.map(([game, points]) => h('figure', { class: 'plot-figure' },
      h('figcaption', {}, t('player.plot_caption', { game: titleOf(game) })),
      ratingPlot(points, { id: `plot-${game}`, label: t('player.plot_label', { name: profile.name, game: titleOf(game) }) }),
      historyTable(game, points)))
      : h('p', {}, t('player.no_plot')));
}

function resultWords(g) {
  if (g.timeout) return t(g.share > 0 ? 'player.won_on_time' : 'player.lost_on_time');
  if (g.cooperative) return g.share > 0 ? t('player.won_together') : t('player.lost_together');
  const shared = g.share > 0 && g.share < 1;
  return t(shared ? 'player.place_shared' : 'player.place', { place: ordinal(g.rank), count: g.players });
}

function renderGames(profile) {
  const rows = profile.games.map((g) => h('tr', {},
    h('td', {}, day(g.at)),
    h('td', {}, titleOf(g.game),
      g.offline ? [' ', h('span', { class: 'muted small played-offline' }, t('player.offline'))] : null),
    h('td', {}, resultWords(g)),
    h('td', { class: 'num' }, g.rating_change === null ? (g.rated ? '—' : t('player.not_rated')) : signed(g.rating_change)),
    h('td', {}, g.timeout ? '—'
      : h('a', { href: `/replay/${encodeURIComponent(g.table_id)}`, class: 'replay-link' }, t('player.replay')))));
  replace(el.games, h('h2', { id: 'player-games-title' }, t('player.latest')),
    rows.length ? table('games-list', t('player.latest_caption'),
      ['player.date', 'page.game', 'player.result', 'page.rating#', 'player.replay'], rows)
      : h('p', {}, t('player.no_finished_games')));
}

function renderWinRates(profile) {
  const { by_game: byGame, by_seat: bySeat } = profile.win_rates;
  const gameRows = byGame.map((r) => h('tr', {}, h('th', { scope: 'row' }, titleOf(r.game)),
    h('td', { class: 'num' }, number(r.games)), h('td', { class: 'num' }, percent(r.win_rate))));
  const seatRows = bySeat.map((r) => h('tr', {}, h('th', { scope: 'row' }, titleOf(r.game)),
    h('td', { class: 'num' }, number(r.seat + 1)), h('td', { class: 'num' }, number(r.games)),
    h('td', { class: 'num' }, percent(r.win_rate))));
  replace(el.rates, h('h2', { id: 'player-win-rates-title' }, t('player.win_rates')),
    h('p', { class: 'muted small' }, t('player.win_rates_help')),
    gameRows.length ? [
      table('win-rates-game', t('player.by_game'), ['page.game', 'page.games#', 'page.win_rate#'], gameRows),
      table('win-rates-seat', t('player.by_seat'), ['page.game', 'player.seat#', 'page.games#', 'page.win_rate#'], seatRows),
    ] : h('p', {}, t('player.no_finished_games')));
}

async function start() {
  pageTools();
  const name = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] || '');
  let profile;
  try {
    profile = await getJSON(`/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    replace(el.header, h('h1', {}, name ? h('bdi', {}, name) : t('player.heading')));
    el.status.textContent = '';
    el.status.append(h('span', { class: 'error', role: 'alert' }, err.message));
    return;
  }
  // Each game's title as /api/games says it in the page's language, else as the profile says it.
  const described = await describeGames().catch(() => ({ games: [] }));
  titles = { ...(profile.titles || {}), ...Object.fromEntries(described.games.map((g) => [g.name, g.title])) };
  el.status.textContent = '';
  renderHeader(profile);
  renderRatings(profile);
  renderHistory(profile);
  renderGames(profile);
  renderWinRates(profile);
  renderSeasons(profile, titleOf);
  renderTournaments(profile.name);
  for (const section of [el.ratings, el.history, el.games, el.rates]) section.hidden = false;
}

start();
