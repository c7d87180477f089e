// @ts-check
// Any game, plainly, from its view and its legal actions alone: whose turn it is, one button per
// legal action (labelled with its text), what this player holds, the scores and the rest of the
// view as a list of facts. Used for every game whose spec names no module of its own. Its words
// are the catalog's (i18n.js); the actions, cards and the view's own fields are the game's.
import { t, list } from './i18n.js';
import { h, withNames } from './dom.js';

/** View fields shown in their own place (or not at all) rather than in the list of facts. */
const OWN_PLACE = new Set(['game', 'viewer', 'players', 'log', 'legal', 'legal_actions', 'hand', 'hands',
  'hand_sizes', 'scores', 'returns', 'winners', 'current_player', 'turn']);

const words = (key) => {
  const text = String(key).replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function whoseTurn(view) {
  const p = view.current_player ?? view.turn;
  return Number.isInteger(p) && p >= 0 ? p : null;
}

/** A view value as text or a small list (nested values stay readable, never raw JSON). */
function show(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? t('table.generic.yes') : t('table.generic.no');
  if (Array.isArray(value)) {
    if (!value.length) return t('table.generic.none');
    if (value.every((v) => v === null || typeof v !== 'object')) return value.map(show).join(t('table.separator'));
    return h('ol', { class: 'facts-list' }, value.map((v) => h('li', {}, show(v))));
  }
  if (typeof value === 'object') {
    return h('dl', { class: 'facts' }, Object.entries(value).flatMap(([k, v]) => [h('dt', {}, words(k)), h('dd', {}, show(v))]));
  }
  return String(value);
}

function prompt(ctx, nameOf) {
  const { view } = ctx;
  const legal = ctx.readOnly ? [] : (ctx.legal || []);
  const turn = whoseTurn(view);
  const box = h('section', { class: 'prompt', id: 'prompt', tabindex: -1, 'aria-live': 'polite', 'aria-label': t('table.generic.prompt') });
  let title;
  if (ctx.status === 'finished' || (turn === null && !legal.length)) title = t('table.generic.over');
  else if (ctx.waiting) title = t('table.generic.waiting');
  else if (legal.length) title = t('table.generic.your_turn');
  else if (turn === ctx.seat) title = t('table.generic.deciding_you');
  else title = t('table.generic.deciding', { name: nameOf(turn) });
  box.append(h('p', { class: 'prompt-title' }, title));
  if (legal.length) {
    box.append(h('div', { class: 'prompt-actions' }, legal.map((a) => h('button', {
      type: 'button', class: 'btn', 'data-action': a.text, 'data-action-id': a.id, 'data-key': `act:${a.id}`,
      onclick: () => ctx.act(a),
    }, a.text))));
  }
  return box;
}

function hand(view) {
  const cards = view.hand || [];
  return h('section', { class: 'hand generic-hand', id: 'hand', 'aria-label': t('table.generic.hand') },
    h('h2', {}, t('table.generic.hand_count', { count: cards.length })),
    h('div', { class: 'chips' }, cards.length
      ? cards.map((c) => h('span', { class: 'chip', 'data-card': show(c) }, show(c)))
      : h('p', { class: 'muted' }, t('table.generic.no_cards'))));
}

function players(view, ctx, nameOf) {
  const n = view.players || (view.scores || view.hand_sizes || []).length;
  const hands = view.hands || null;
  const turn = whoseTurn(view);
  const rows = [...Array(n).keys()].map((p) => h('tr', { class: `${p === turn ? 'current' : ''}${p === ctx.seat ? ' me' : ''}`, 'data-player': p },
    h('td', {}, nameOf(p), p === ctx.seat ? t('table.seat.you') : '', p === turn ? h('span', { class: 'turn-mark' }, ' ◀') : ''),
    view.hand_sizes ? h('td', {}, t('table.generic.cards', { count: view.hand_sizes[p] })) : '',
    view.scores ? h('td', {}, String(view.scores[p])) : '',
    hands ? h('td', {}, show(hands[p] ?? hands[String(p)] ?? null)) : ''));
  return h('section', { class: 'panel generic-players', 'aria-label': t('table.players') },
    h('h2', {}, t('table.players')),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('table.generic.col.player')),
      view.hand_sizes ? h('th', { scope: 'col' }, t('table.generic.col.holds')) : '',
      view.scores ? h('th', { scope: 'col' }, t('table.generic.col.score')) : '',
      hands ? h('th', { scope: 'col' }, t('table.generic.col.hand')) : '')),
    h('tbody', {}, rows)));
}

function facts(view) {
  const keys = Object.keys(view).filter((k) => !OWN_PLACE.has(k));
  if (!keys.length) return '';
  return h('section', { class: 'panel generic-facts', 'aria-label': t('table.generic.facts') },
    h('h2', {}, t('table.generic.facts')),
    h('dl', { class: 'facts' }, keys.flatMap((k) => [h('dt', {}, words(k)), h('dd', {}, show(view[k]))])));
}

/** Draw any game's position into `root` (see games.js for ctx). */
export function render(root, ctx) {
  const { view, names } = ctx;
  const nameOf = (p) => (p === null ? t('table.generic.someone') : playerName(p, names));
  root.replaceChildren();
  root.className = 'game generic';
  root.append(prompt(ctx, nameOf));
  if (ctx.seat !== null && ctx.seat !== undefined && Array.isArray(view.hand)) root.append(hand(view));
  root.append(players(view, ctx, nameOf));
  root.append(facts(view));
}

/** A player's name, else "Player 2". */
function playerName(p, names) {
  return names[p] ?? t('table.generic.player', { n: p + 1 });
}

/** A log entry in words: its own text when it has one, else who did what with which fields. */
function entryText(e, names, seat) {
  if (e.text) return withNames(e.text, names);
  const actor = e.player ?? e.actor;
  const who = Number.isInteger(actor) ? (actor === seat ? t('table.generic.you') : playerName(actor, names)) : '';
  const what = e.event ?? e.kind ?? '';
  const rest = Object.entries(e).filter(([k]) => !['n', 'after', 'to', 'player', 'actor', 'event', 'kind'].includes(k))
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${Array.isArray(v) ? v.join(', ') : v}`);
  return `${who}${who && what ? ': ' : ''}${what}${rest.length ? ` (${rest.join('; ')})` : ''}`;
}

/** The log in words: [{n, text, private}] (an entry without a number is private to its reader). */
export function log(entries, names, seat) {
  return (entries || []).map((e) => ({ n: e.n ?? e.after, text: entryText(e, names, seat), private: e.n === undefined }));
}

/** An action in words: its own text (a replay step names it `action`), players by name.
 * @param {import('./games.js').ActionData} action @param {string[]} names */
export function actionWords(action, names) {
  return withNames(action.text ?? action.action ?? action.name ?? '', names);
}

/** A list of cards (a hand) in words. */
export function cardWords(cards) {
  return (cards || []).map((c) => (c !== null && typeof c === 'object' ? Object.values(c).join(' ') : String(c))).join(t('table.separator'));
}

/** Who won, in a sentence: "You win!", "Aoi wins!", "You and Aoi win!" (`you`: the seat that
 * reads it, when it is one player's). */
function winnersWords(winners, names, you) {
  if (!winners.length) return t('table.generic.over');
  if (winners.length === 1 && winners[0] === you) return t('table.generic.you_win');
  const who = list(winners.map((p) => (p === you ? t('table.you') : t('table.person', { name: playerName(p, names) }))));
  const text = t('table.generic.winners', { count: winners.length, names: who });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The result in one sentence, from the table's result (or the view's winners and scores);
 * `you` is the seat the sentence speaks to (null: none, a hot-seat device or a spectator; the
 * view's viewer when not given). */
export function result(view, names, outcome, you) {
  const winners = (outcome && outcome.winners) || view.winners || [];
  const scores = (outcome && outcome.scores) || view.scores || [];
  const reader = you !== undefined ? you : (Number.isInteger(view.viewer) ? view.viewer : null);
  const head = winnersWords(winners, names, reader);
  if (!scores.length) return head;
  const each = scores.map((sc, p) => t('table.generic.score', { name: names[p] ?? p, score: sc })).join(t('table.separator'));
  return t('table.generic.result', { winners: head, scores: each });
}

/** Any seat's view may hold what the others must not see. */
export function privateView() {
  return true;
}

/** The first control that can be used. */
export function firstControl(root) {
  return root.querySelector('[data-action]:not([disabled]):not([data-action=""])') || root.querySelector('#prompt');
}

/** Nothing to redraw when the screen changes. */
export function watchLayout() {}
