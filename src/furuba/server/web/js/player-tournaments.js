// @ts-check
// A player's tournaments on their page (/players/{name}): the latest tournaments they finished,
// each with their final place of how many, their points and when it ended, linked to the
// tournament's page. It reads GET /api/players/{name}/tournaments and fills #player-tournaments
// (left hidden for a player who finished none).
import { h, replace } from './dom.js';
import { lang, number, t, when } from './i18n.js';
import { getJSON } from './api.js';

const ordinals = new Intl.PluralRules(lang, { type: 'ordinal' });
const ordinal = (n) => t(`player.ordinal.${ordinals.select(n)}`, { n: number(n) });

export async function renderTournaments(name) {
  const el = document.getElementById('player-tournaments');
  if (!el) return;
  let found;
  try {
    found = (await getJSON(`/api/players/${encodeURIComponent(name)}/tournaments`)).tournaments;
  } catch {
    return;
  }
  if (!found.length) return;
  const rows = found.map((x) => h('tr', {},
    h('th', { scope: 'row' }, h('a', { href: x.url }, x.slot ? t(`tournaments.slot.${x.slot}`, { game: x.title }) : x.name)),
    h('td', {}, x.title),
    h('td', {}, t('player.place', { place: ordinal(x.place), count: number(x.of) })),
    h('td', { class: 'num' }, number(x.points)),
    h('td', {}, when(x.finished_at * 1000, { dateStyle: 'medium' }))));
  replace(el, h('h2', { id: 'player-tournaments-title' }, t('player.tournaments')),
    h('table', { class: 'ratings-table player-tournaments' },
      h('caption', { class: 'visually-hidden' }, t('player.tournaments')),
      h('thead', {}, h('tr', {}, ['tournaments.col.name', 'page.game', 'player.result', 'tournaments.col.points', 'player.date']
        .map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, rows)));
  el.hidden = false;
}
