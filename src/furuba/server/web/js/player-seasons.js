// @ts-check
// A player's seasons on their page (/players/{name}): for each season the player was ranked in
// (a calendar quarter in UTC, which every player starts again at 1500), each game's place on the
// season's leaderboard of how many players, the displayed rating and the games — final for a season
// that is over, "so far" for the season under way. It reads `seasons` of GET /api/players/{name}
// and fills the page's #player-seasons section.
import { h, replace } from './dom.js';
import { lang, number, t } from './i18n.js';

const SEASON = /^(\d{4})-q([1-4])$/;
const ordinals = new Intl.PluralRules(lang, { type: 'ordinal' });
const rating = (n) => number(n, { useGrouping: false });

/** "2026 Q4" / "2026年 第4期" for the season named `name` ("2026-q4"). */
function seasonName(name) {
  const m = SEASON.exec(name);
  return m ? t('season.name', { year: m[1], quarter: m[2] }) : name;
}

/** A place in the page's language: "1st", "2nd" / "1位". */
function ordinal(n) {
  return t(`player.ordinal.${ordinals.select(n)}`, { n: number(n) });
}

function row(standing, titleOf) {
  const board = `/leaderboard/${encodeURIComponent(standing.game)}?season=${encodeURIComponent(standing.season)}`;
  return h('tr', { class: standing.final ? 'season-final' : 'season-so-far', 'data-season': standing.season },
    h('th', { scope: 'row' }, h('a', { href: board }, seasonName(standing.season))),
    h('td', {}, titleOf(standing.game)),
    h('td', {}, t('player.place', { place: ordinal(standing.rank), count: number(standing.ranked) }), ' ',
      h('span', { class: 'season-state' }, t(standing.final ? 'player.season_final' : 'player.season_so_far'))),
    h('td', { class: 'num' }, rating(standing.rating),
      standing.provisional ? h('span', { class: 'provisional', title: t('page.provisional_why') }, ' ', t('page.provisional')) : null),
    h('td', { class: 'num' }, number(standing.games)));
}

/**
 * Fill #player-seasons from `profile.seasons` (the latest season first) and show it; `titleOf`
 * gives a game's title in the page's language. A page without the section is left alone.
 */
export function renderSeasons(profile, titleOf) {
  const section = document.getElementById('player-seasons');
  if (!section) return;
  const seasons = profile.seasons || [];
  const heads = [['player.season', false], ['page.game', false], ['player.season_place', false],
    ['page.rating', true], ['player.rated_games_column', true]];
  replace(section, h('h2', { id: 'player-seasons-title' }, t('player.seasons')),
    h('p', { class: 'muted small' }, t('player.seasons_help')),
    seasons.length
      ? h('table', { class: 'ratings-table', id: 'seasons-list' },
        h('caption', {}, t('player.seasons_caption')),
        h('thead', {}, h('tr', {}, heads.map(([key, num]) => h('th', { scope: 'col', class: num ? 'num' : null }, t(key))))),
        h('tbody', {}, seasons.map((s) => row(s, titleOf))))
      : h('p', {}, t('player.no_seasons')));
  section.hidden = false;
}
