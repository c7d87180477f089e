// @ts-check
// The deals page (/deals; an earlier day at /deals#YYYY-MM-DD): each game's deal of the day
// (GET /api/deals), the signed-in player's try (POST /api/deals/{id}/play opens its table, or
// the table of the try begun), and — once their game is over — where they stand among everyone
// who played the same deal: their share of the others beaten (ties half), their rank, how every
// try ended, and the best results with their replays. Every word is the catalog's (i18n.js).
import './install.js';
import { h, replace } from './dom.js';
import { lang, number, parts, t, translatePage, when } from './i18n.js';
import { getJSON, postJSON } from './api.js';
import { pageTools } from './prefs.js';
import { firstLook } from './session.js';

translatePage();
pageTools();

const el = {
  status: document.getElementById('deals-status'),
  day: document.getElementById('deals-day'),
  earlier: document.getElementById('deals-earlier'),
};
const st = { me: { signed_in: false }, data: null, busy: false };
const ordinals = new Intl.PluralRules(lang, { type: 'ordinal' });

const ordinal = (n) => t(`player.ordinal.${ordinals.select(n)}`, { n: number(n) });
const dayWords = (day) => when(Date.parse(`${day}T12:00:00Z`), { dateStyle: 'full' });
const percent = (share) => number(share, { style: 'percent', maximumFractionDigits: 0 });

function resultWords(r, players) {
  const place = t('deals.place', { place: ordinal(r.place), count: players });
  return t(r.won ? 'deals.won' : 'deals.lost', { score: number(r.score), place });
}

function closesWords(deal, now) {
  const minutes = Math.max(0, Math.round((deal.closes_at - now) / 60));
  if (!deal.open) return t('deals.closed_at', { when: when(deal.closes_at * 1000) });
  return minutes >= 60
    ? t('deals.closes_hours', { count: Math.floor(minutes / 60) })
    : t('deals.closes_minutes', { count: minutes });
}

async function play(deal, button) {
  if (st.busy) return;
  st.busy = true;
  button.disabled = true;
  el.status.textContent = t('deals.opening');
  try {
    const made = await postJSON(`/api/deals/${encodeURIComponent(deal.id)}/play`);
    location.assign(made.url);
  } catch (err) {
    el.status.textContent = t('deals.failed', { error: err.message });
    button.disabled = false;
  } finally {
    st.busy = false;
  }
}

function tryPart(deal) {
  if (!st.me.signed_in) {
    const link = h('a', { href: `/account?next=${encodeURIComponent('/deals')}`, class: 'deal-sign-in' }, t('deals.sign_in_link'));
    return h('p', {}, parts('deals.sign_in', { link }));
  }
  const played = deal.played;
  if (played && !played.finished) {
    if (played.status === 'abandoned') return h('p', { class: 'muted deal-abandoned' }, t('deals.abandoned'));
    return h('p', {}, h('a', { href: played.url, class: 'btn deal-continue' }, t('deals.continue')));
  }
  if (played) return null;   // the standing says how it went
  if (!deal.open) return h('p', { class: 'muted' }, t('deals.not_played'));
  const button = h('button', { type: 'button', class: 'btn primary deal-play' }, t('deals.play', { title: deal.title }));
  button.addEventListener('click', () => play(deal, button));
  return h('p', {}, button);
}

function standingPart(deal) {
  const mine = deal.field.mine;
  if (!mine) return null;
  const others = mine.of - 1;
  const lines = [h('p', { class: 'deal-mine' }, t('deals.yours', { result: resultWords(mine, deal.players) }))];
  lines.push(h('p', { class: 'deal-matchpoints' }, mine.matchpoints === null
    ? t('deals.first')
    : t('deals.beaten', { share: percent(mine.matchpoints), count: others, rank: number(mine.rank), of: number(mine.of) })));
  lines.push(h('p', {}, h('a', { href: mine.replay, class: 'deal-replay' }, t('deals.replay_yours'))));
  return h('div', { class: 'deal-standing' }, lines);
}

function distributionPart(deal) {
  const buckets = deal.field.distribution;
  if (!buckets.length) return h('p', { class: 'muted' }, t('deals.nobody_yet'));
  const most = Math.max(...buckets.map((b) => b.count));
  const rows = buckets.slice().reverse().map((b) => h('tr', { class: b.mine ? 'deal-bucket mine' : 'deal-bucket' },
    h('th', { scope: 'row' }, t(b.won ? 'deals.bucket_won' : 'deals.bucket_lost', { score: number(b.score) }),
      b.mine ? [' ', h('span', { class: 'deal-you' }, t('deals.you'))] : null),
    h('td', { class: 'deal-bar-cell' }, h('span', { class: 'deal-bar', style: `inline-size: ${Math.max(2, (100 * b.count) / most)}%` }),
      h('span', { class: 'num' }, number(b.count)))));
  return h('table', { class: 'ratings-table deal-distribution' },
    h('caption', {}, t('deals.distribution', { count: deal.field.players })),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('deals.col.result')), h('th', { scope: 'col' }, t('deals.col.players')))),
    h('tbody', {}, rows));
}

function bestPart(deal) {
  const best = deal.field.best;
  if (!best.length) return null;
  const rows = best.map((r, i) => h('tr', {},
    h('td', { class: 'num' }, number(i + 1)),
    h('td', {}, h('a', { href: `/players/${encodeURIComponent(r.name)}` }, r.name)),
    h('td', {}, resultWords(r, deal.players)),
    h('td', {}, r.replay ? h('a', { href: r.replay, class: 'replay-link' }, t('player.replay'))
      : h('span', { class: 'muted' }, t('deals.replay_later')))));
  return h('table', { class: 'ratings-table deal-best' },
    h('caption', {}, t('deals.best')),
    h('thead', {}, h('tr', {}, ['#', 'page.player', 'deals.col.result', 'player.replay']
      .map((key) => h('th', { scope: 'col' }, key === '#' ? '#' : t(key))))),
    h('tbody', {}, rows));
}

function dealPart(deal, now) {
  const id = `deal-${deal.game}-title`;
  const facts = t('deals.facts', { count: deal.players, seat: number(deal.seat + 1), bots: deal.bot_title });
  return h('article', { class: 'panel deal', 'data-game': deal.game, 'aria-labelledby': id },
    h('h3', { id }, deal.title),
    h('p', {}, facts, ' · ', h('span', { class: 'deal-closes' }, closesWords(deal, now))),
    deal.seed !== null ? h('p', { class: 'muted small deal-seed' }, t('deals.seed', { seed: String(deal.seed) })) : null,
    tryPart(deal), standingPart(deal), distributionPart(deal), bestPart(deal));
}

function render() {
  const data = st.data;
  const today = data.day === data.today;
  const title = h('h2', { id: 'deals-day-title' }, today ? t('deals.today') : t('deals.of_day', { day: dayWords(data.day) }));
  replace(el.day, title, data.deals.length
    ? data.deals.map((deal) => dealPart(deal, data.now))
    : h('p', { class: 'muted' }, t('deals.none_that_day')));
  const select = h('select', { id: 'deals-earlier-day' },
    h('option', { value: data.today }, t('deals.today')),
    data.earlier.map((day) => h('option', { value: day, selected: day === data.day }, dayWords(day))));
  select.addEventListener('change', () => { location.hash = select.value === data.today ? '' : select.value; });
  replace(el.earlier, h('h2', { id: 'deals-earlier-title' }, t('deals.earlier_title')),
    h('label', { for: 'deals-earlier-day' }, t('deals.choose_day')), ' ', select);
}

async function load() {
  const day = decodeURIComponent(location.hash.replace(/^#/, ''));
  el.status.textContent = t('page.loading');
  try {
    st.data = await getJSON(`/api/deals${day ? `?day=${encodeURIComponent(day)}` : ''}`);
    el.status.textContent = '';
    render();
  } catch (err) {
    el.status.textContent = t('deals.failed', { error: err.message });
  }
}

async function start() {
  st.me = await firstLook;
  await load();
  window.addEventListener('hashchange', load);
}

start();
