// @ts-check
// Friends, for a signed-in player: follow or unfollow someone (a player's page, the account page),
// the lists of whom you follow and who follows you — friends are those who follow each other —,
// which friends are online and at which tables (the home page), a challenge to a friend (a new
// private table with their seat kept for them, bots in the others), the challenges you received
// (on every page: notices.js hands them over from GET /api/me/events) and the latest games of the
// players you follow (your own player page). Only friends see each other online; a block ends it all.
import { getJSON, sendJSON, saveToken } from './api.js';
import { h, replace, sentence } from './dom.js';
import { t, when } from './i18n.js';
import { describeGames } from './games.js';
import { toast } from './prefs.js';

const ONLINE_SECONDS = 20;
const enc = encodeURIComponent;
const named = (name) => h('bdi', {}, name);
const playerLink = (name) => h('a', { href: `/players/${enc(name)}` }, named(name));
const day = (at) => when(at * 1000, { dateStyle: 'medium' });

async function titles() {
  const described = await describeGames().catch(() => ({ games: [] }));
  return Object.fromEntries(described.games.map((g) => [g.name, g.title]));
}

function button(id, text, onClick, attrs = {}) {
  const b = h('button', { type: 'button', class: 'btn small', id, ...attrs }, text);
  b.addEventListener('click', async () => {
    b.disabled = true;
    try {
      await onClick();
    } catch (err) {
      toast(sentence(err.message), 'error');
    } finally {
      b.disabled = false;
    }
  });
  return b;
}

// -- a player's page ----------------------------------------------------------------------------
/** Follow / Unfollow, how you stand ("Friends", "Follows you") and Challenge, in `slot`. */
export async function friendTools(name, slot) {
  let rel = await getJSON(`/api/me/follows/${enc(name)}`);
  if (rel.self) return;
  const draw = () => {
    const words = rel.friend ? t('friends.friends') : rel.follower ? t('friends.follows_you') : '';
    const toggle = button('player-follow', t(rel.following ? 'friends.unfollow' : 'friends.follow'), async () => {
      if (rel.following) await sendJSON('DELETE', `/api/me/follows/${enc(name)}`);
      else await sendJSON('POST', '/api/me/follows', { name });
      toast(t(rel.following ? 'friends.unfollowed' : 'friends.followed', { name }));
      rel = await getJSON(`/api/me/follows/${enc(name)}`);
      draw();
      document.getElementById('player-follow')?.focus();
    }, { 'aria-pressed': String(rel.following) });
    replace(slot, toggle, ' ',
      words ? h('span', { class: 'friend-badge', id: 'player-relation' }, words) : null, ' ',
      rel.friend ? button('player-challenge', t('friends.challenge'), () => challengeDialog(rel.name)) : null);
  };
  if (rel.blocked) {
    replace(slot);
    return;
  }
  draw();
}

// -- a challenge --------------------------------------------------------------------------------
/** The dialog that challenges `name`: a game, how many play, the bots' level; sent, you go to the table. */
export async function challengeDialog(name) {
  const described = await describeGames();
  const games = described.games.filter((g) => g.players.max >= 2);
  const game = h('select', { id: 'challenge-game' }, games.map((g) => h('option', { value: g.name }, g.title)));
  const players = h('select', { id: 'challenge-players' });
  const bot = h('select', { id: 'challenge-bot' });
  const error = h('p', { class: 'error', role: 'alert', id: 'challenge-error' });
  const fill = () => {
    const g = games.find((x) => x.name === game.value);
    const low = Math.max(2, g.players.min);
    const counts = [];
    for (let n = low; n <= Math.min(g.players.max, 8); n += 1) counts.push(n);
    replace(players, counts.map((n) => h('option', { value: n, selected: n === Math.max(low, g.players.default) ? '' : null },
      t('page.players', { count: n }))));
    const levels = (g.levels || described.levels || []).filter((l) => (g.bots || []).includes(l.name));
    replace(bot, levels.map((l) => h('option', { value: l.name, selected: l.name === 'normal' ? '' : null },
      t('home.bot.level', { level: l.title }))));
  };
  game.addEventListener('change', fill);
  fill();
  const send = h('button', { type: 'submit', class: 'btn primary', id: 'challenge-send' }, t('friends.send'));
  const cancel = h('button', { type: 'button', class: 'btn', id: 'challenge-cancel' }, t('friends.cancel'));
  const form = h('form', { method: 'dialog', class: 'challenge-form' },
    h('h2', { id: 'challenge-title' }, t('friends.challenge_title', { name })),
    h('p', { class: 'muted small' }, t('friends.challenge_help', { name })),
    h('div', { class: 'field' }, h('label', { for: 'challenge-game' }, t('page.game')), game),
    h('div', { class: 'field' }, h('label', { for: 'challenge-players' }, t('friends.players')), players),
    h('div', { class: 'field' }, h('label', { for: 'challenge-bot' }, t('friends.bots')), bot),
    error, h('div', { class: 'account-actions' }, send, cancel));
  const dialog = h('dialog', { class: 'panel report-dialog', 'aria-labelledby': 'challenge-title', id: 'challenge-dialog' }, form);
  const done = () => { dialog.close(); dialog.remove(); };
  cancel.addEventListener('click', done);
  dialog.addEventListener('cancel', done);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    error.textContent = '';
    send.disabled = true;
    try {
      const made = await sendJSON('POST', '/api/me/challenges', {
        name, game: game.value, players: Number(players.value), bot: bot.value || '',
      });
      saveToken(made.table, made.seat, made.token);
      location.assign(made.url);
    } catch (err) {
      error.textContent = sentence(err.message);
      send.disabled = false;
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  game.focus();
}

// -- the challenges you received, on every page ---------------------------------------------------
/** Show the challenges waiting for your answer (the latest list from GET /api/me/events). */
export async function showChallenges(challenges) {
  let box = document.getElementById('challenge-notices');
  if (!box) {
    box = h('section', { id: 'challenge-notices', class: 'challenge-notices', role: 'region', 'aria-label': t('friends.notices'), 'aria-live': 'polite' });
    document.body.append(box);
  }
  const names = await titles();
  replace(box, challenges.map((c) => h('div', { class: 'challenge-notice panel', 'data-challenge': c.id },
    h('p', {}, t('friends.challenged', { name: '\u2068' + c.name + '\u2069', game: names[c.game] || c.title })),
    h('div', { class: 'account-actions' },
      button(`challenge-accept-${c.id}`, t('friends.accept'), async () => {
        const found = await sendJSON('POST', `/api/me/challenges/${c.id}/accept`);
        saveToken(found.table, found.seat, found.token);
        location.assign(found.url);
      }, { class: 'btn small primary' }),
      button(`challenge-decline-${c.id}`, t('friends.decline'), async () => {
        await sendJSON('POST', `/api/me/challenges/${c.id}/decline`);
        toast(t('friends.declined'));
        box.querySelector(`[data-challenge="${c.id}"]`)?.remove();
      })))));
  box.hidden = !challenges.length;
}

// -- the account page -----------------------------------------------------------------------------
function person(entry, { following, onChange }) {
  const actions = [];
  if (following) {
    if (entry.friend) actions.push(button(null, t('friends.challenge'), () => challengeDialog(entry.name),
      { 'aria-label': t('friends.challenge_label', { name: entry.name }) }));
    actions.push(button(null, t('friends.unfollow'), async () => {
      await sendJSON('DELETE', `/api/me/follows/${enc(entry.name)}`);
      toast(t('friends.unfollowed', { name: entry.name }));
      await onChange();
    }, { class: 'btn small subtle', 'aria-label': t('friends.unfollow_label', { name: entry.name }) }));
  } else if (!entry.friend) {
    actions.push(button(null, t('friends.follow_back'), async () => {
      await sendJSON('POST', '/api/me/follows', { name: entry.name });
      toast(t('friends.followed', { name: entry.name }));
      await onChange();
    }, { 'aria-label': t('friends.follow_back_label', { name: entry.name }) }));
  }
  return h('li', { class: 'passkey-item friend-item' }, playerLink(entry.name),
    entry.friend ? h('span', { class: 'friend-badge' }, t('friends.friend_badge')) : null,
    h('span', { class: 'muted small' }, t('friends.since', { date: day(entry.since) })),
    h('span', { class: 'friend-actions' }, actions));
}

/** The account page's Friends panel (made inside `host`, before `before`, the first time). */
export async function renderFriendsPanel(host, before = null) {
  let panel = document.getElementById('account-friends');
  if (!panel) {
    panel = h('section', { class: 'panel', id: 'account-friends', 'aria-labelledby': 'account-friends-title' });
    host.insertBefore(panel, before);
  }
  const [lists, challenges, names] = await Promise.all([getJSON('/api/me/follows'), getJSON('/api/me/challenges'), titles()]);
  const again = () => renderFriendsPanel(host, before);
  const input = h('input', { type: 'text', id: 'follow-name', maxlength: 64, autocomplete: 'off', required: '' });
  const error = h('p', { class: 'error', role: 'alert', id: 'follow-error' });
  const form = h('form', { class: 'account-inline', id: 'follow-form', novalidate: '' },
    h('div', { class: 'field' }, h('label', { for: 'follow-name' }, t('friends.follow_name')), input),
    h('button', { type: 'submit', class: 'btn', id: 'follow-submit' }, t('friends.follow')));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    error.textContent = '';
    try {
      const { followed } = await sendJSON('POST', '/api/me/follows', { name: input.value.trim() });
      toast(t('friends.followed', { name: followed }));
      await again();
      document.getElementById('follow-name')?.focus();
    } catch (err) {
      error.textContent = sentence(err.message);
    }
  });
  const sent = challenges.sent.map((c) => h('li', { class: 'passkey-item' },
    h('a', { href: c.url }, t('friends.waiting_for', { name: '\u2068' + c.name + '\u2069', game: names[c.game] || c.title })),
    button(null, t('friends.withdraw'), async () => {
      await sendJSON('POST', `/api/me/challenges/${c.id}/decline`);
      await again();
    }, { class: 'btn small subtle' })));
  replace(panel, h('h2', { id: 'account-friends-title' }, t('friends.title')),
    h('p', { class: 'muted' }, t('friends.help')), form, error,
    h('h3', { id: 'following-title' }, t('friends.following')),
    h('ul', { class: 'passkey-list', id: 'following-list', 'aria-labelledby': 'following-title' },
      lists.following.length ? lists.following.map((e) => person(e, { following: true, onChange: again }))
        : h('li', { class: 'muted' }, t('friends.none_following'))),
    h('h3', { id: 'followers-title' }, t('friends.followers')),
    h('ul', { class: 'passkey-list', id: 'followers-list', 'aria-labelledby': 'followers-title' },
      lists.followers.length ? lists.followers.map((e) => person(e, { following: false, onChange: again }))
        : h('li', { class: 'muted' }, t('friends.none_followers'))),
    sent.length ? [h('h3', { id: 'sent-title' }, t('friends.sent')),
      h('ul', { class: 'passkey-list', id: 'sent-list', 'aria-labelledby': 'sent-title' }, sent)] : null);
}

// -- the home page: friends online ------------------------------------------------------------------
function place(table, names) {
  const game = names[table.game] || table.game;
  const words = table.seat === null ? t('friends.watching', { game })
    : t('friends.playing', { game, seat: table.seat + 1 });
  return h('li', {}, words, ' ', h('a', { href: table.url, class: 'friend-table' },
    t(table.seat === null || table.status === 'playing' ? 'friends.watch' : 'friends.go')));
}

/** Keep `section` (hidden until now) listing the friends online and where, while the page is open. */
export async function friendsOnline(section) {
  const list = section.querySelector('ul');
  const draw = async () => {
    const [{ friends }, names] = await Promise.all([getJSON('/api/me/friends/online'), titles()]);
    replace(list, friends.length ? friends.map((f) => h('li', { class: 'friend-online' },
      playerLink(f.name), ' ', h('span', { class: 'online-dot', 'aria-hidden': 'true' }),
      h('span', { class: 'muted small' }, t('friends.online')),
      f.tables.length ? h('ul', { class: 'friend-tables' }, f.tables.map((x) => place(x, names))) : null))
      : h('li', { class: 'muted' }, t('friends.online_none')));
  };
  section.hidden = false;
  await draw();
  setInterval(() => { if (!document.hidden) draw().catch(() => {}); }, ONLINE_SECONDS * 1000);
}

// -- your own player page: the games of the players you follow -------------------------------------
/** Fill `section` with the latest finished games of the players you follow; `resultWords(g)` says a result. */
export async function friendsGames(section, resultWords) {
  const [{ games }, names] = await Promise.all([getJSON('/api/me/friends/games'), titles()]);
  const rows = games.map((g) => h('tr', {},
    h('td', {}, day(g.at)), h('td', {}, playerLink(g.name)), h('td', {}, names[g.game] || g.game),
    h('td', {}, resultWords(g)),
    h('td', {}, g.timeout ? '—' : h('a', { href: `/replay/${enc(g.table_id)}` }, t('player.replay')))));
  replace(section, h('h2', { id: 'player-friends-games-title' }, t('friends.games_title')),
    rows.length ? h('table', { class: 'ratings-table', id: 'friends-games-list' },
      h('caption', {}, t('friends.games_caption')),
      h('thead', {}, h('tr', {}, ['player.date', 'friends.player', 'page.game', 'player.result', 'player.replay']
        .map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, rows))
      : h('p', {}, t('friends.games_none')));
  section.hidden = false;
}
