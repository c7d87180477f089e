// @ts-check
// "Your turn" notices, on every page of a signed-in player: the tab's title counts the tables
// where it is your turn and its icon gets a red dot; when a new turn comes, a browser
// notification says where (Notifications API, once the player allowed it). The server's event
// stream GET /api/me/events says which tables wait for you ("turns"), whichever server process
// drives them; it also brings the friends' challenges waiting for your answer ("challenges") and
// the tables tournaments paired for you ("tournament_tables": an arena seats you again as soon as
// your table ends), each shown as a notice with a link unless you are at that table already.
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { offlinePage } from './page-home.js';
import { showChallenges } from './friends.js';

const ICON = '/static/favicon.svg';
const TURN_ICON = '/static/favicon-turn.svg';
const COUNT = /^\(\d+\) /;
const listeners = new Set();
let waiting = [];

/** Call ``fn(tables)`` with the ids of the tables where it is your turn, now and on every change. */
export function onTurns(fn) {
  listeners.add(fn);
  fn(waiting);
}

/** Whether browser notifications may be asked for (and are not yet decided). */
export function canAskForNotices() {
  return 'Notification' in window && Notification.permission === 'default';
}

/** Ask the browser to allow notifications (after a click: browsers ask only then). */
export async function askForNotices() {
  if (!('Notification' in window)) return 'unsupported';
  return Notification.requestPermission();
}

function showCount(tables) {
  // The title as the page has it now (translated, or changed by the page), without a count.
  const base = document.title.replace(COUNT, '');
  document.title = tables.length ? `(${tables.length}) ${base}` : base;
  const link = document.querySelector('link[rel="icon"]');
  if (link) link.setAttribute('href', tables.length ? TURN_ICON : ICON);
}

function thisTable() {
  const m = location.pathname.match(/^\/t\/([^/]+)/);
  return m ? decodeURIComponent(m[1]) : null;
}

function notify(tableId) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  if (tableId === thisTable() && document.hasFocus()) return;   // you are looking at it
  const note = new Notification(t('notices.title'), {
    body: t('notices.body'), tag: `turn-${tableId}`, icon: '/static/icons/icon-192.png',
  });
  note.addEventListener('click', () => {
    window.focus();
    location.assign(`/t/${encodeURIComponent(tableId)}`);
  });
}

/** A notice for each tournament table waiting for you, but the one you are at. */
function showTournamentTables(tables) {
  let box = document.getElementById('tournament-notices');
  if (!box) {
    box = h('section', { id: 'tournament-notices', class: 'challenge-notices tournament-notices', role: 'region', 'aria-label': t('tournaments.notices'), 'aria-live': 'polite' });
    document.body.append(box);
  }
  const here = thisTable();
  // The tournaments page has its own "Go to your table"; elsewhere, all but the table you are at.
  const shown = location.pathname === '/tournaments' ? [] : tables.filter((x) => x.table_id !== here);
  replace(box, shown.map((x) => h('div', { class: 'challenge-notice panel', 'data-tournament-table': x.table_id },
    h('p', {}, t('tournaments.notice', { name: '\u2068' + x.tournament + '\u2069' })),
    h('div', { class: 'account-actions' }, h('a', { class: 'btn small primary', href: x.url }, t('tournaments.go'))))));
  box.hidden = !shown.length;
}

async function start() {
  if (offlinePage) return;   // the offline app's pages: no server to ask (page-home.js)
  const r = await fetch('/api/me', { headers: { accept: 'application/json' } });
  const me = r.ok ? await r.json() : { signed_in: false };
  if (!me.signed_in || !('EventSource' in window)) return;
  const stream = new EventSource('/api/me/events');
  stream.addEventListener('message', (ev) => {
    const data = JSON.parse(ev.data);
    if (data.type === 'challenges') showChallenges(data.challenges);   // a friend's (friends.js)
    if (data.type === 'tournament_tables') showTournamentTables(data.tables);
    if (data.type !== 'turns') return;
    waiting = data.tables;
    showCount(waiting);
    for (const tableId of data.new) notify(tableId);
    for (const fn of listeners) fn(waiting);
  });
}

start().catch(() => {});
