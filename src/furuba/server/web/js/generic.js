// Any game, plainly, from its view and its legal actions alone: whose turn it is, one button per
// legal action (labelled with its text), what this player holds, the scores and the rest of the
// view as a list of facts. Used for every game whose spec names no module of its own.
import { h, plural, listWords, withNames } from './dom.js';

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
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    if (!value.length) return 'none';
    if (value.every((v) => v === null || typeof v !== 'object')) return value.map(show).join(', ');
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
  const box = h('section', { class: 'prompt', id: 'prompt', tabindex: -1, 'aria-live': 'polite', 'aria-label': 'What to do now' });
  let title;
  if (ctx.status === 'finished' || (turn === null && !legal.length)) title = 'The game is over.';
  else if (ctx.waiting) title = 'Waiting for players: the game starts when every seat is taken.';
  else if (legal.length) title = 'Your turn: choose what to do';
  else title = `${nameOf(turn)} is deciding…`;
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
  return h('section', { class: 'hand generic-hand', id: 'hand', 'aria-label': 'Your hand' },
    h('h2', {}, `Your hand (${cards.length})`),
    h('div', { class: 'chips' }, cards.length
      ? cards.map((c) => h('span', { class: 'chip', 'data-card': show(c) }, show(c)))
      : h('p', { class: 'muted' }, 'No cards.')));
}

function players(view, ctx, nameOf) {
  const n = view.players || (view.scores || view.hand_sizes || []).length;
  const hands = view.hands || null;
  const turn = whoseTurn(view);
  const rows = [...Array(n).keys()].map((p) => h('tr', { class: `${p === turn ? 'current' : ''}${p === ctx.seat ? ' me' : ''}`, 'data-player': p },
    h('td', {}, nameOf(p), p === turn ? h('span', { class: 'turn-mark' }, ' ◀') : ''),
    view.hand_sizes ? h('td', {}, plural(view.hand_sizes[p], 'card')) : '',
    view.scores ? h('td', {}, String(view.scores[p])) : '',
    hands ? h('td', {}, show(hands[p] ?? hands[String(p)] ?? null)) : ''));
  return h('section', { class: 'panel generic-players', 'aria-label': 'Players' },
    h('h2', {}, 'Players'),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'),
      view.hand_sizes ? h('th', { scope: 'col' }, 'Holds') : '',
      view.scores ? h('th', { scope: 'col' }, 'Score') : '',
      hands ? h('th', { scope: 'col' }, 'Hand') : '')),
    h('tbody', {}, rows)));
}

function facts(view) {
  const keys = Object.keys(view).filter((k) => !OWN_PLACE.has(k));
  if (!keys.length) return '';
  return h('section', { class: 'panel generic-facts', 'aria-label': 'The table' },
    h('h2', {}, 'The table'),
    h('dl', { class: 'facts' }, keys.flatMap((k) => [h('dt', {}, words(k)), h('dd', {}, show(view[k]))])));
}

/** Draw any game's position into `root` (see games.js for ctx). */
export function render(root, ctx) {
  const { view, names } = ctx;
  const nameOf = (p) => (p === null ? 'Someone' : (names[p] ?? `Player ${p + 1}`) + (p === ctx.seat ? ' (you)' : ''));
  root.replaceChildren();
  root.className = 'game generic';
  root.append(prompt(ctx, nameOf));
  if (ctx.seat !== null && ctx.seat !== undefined && Array.isArray(view.hand)) root.append(hand(view));
  root.append(players(view, ctx, nameOf));
  root.append(facts(view));
}

/** A log entry in words: its own text when it has one, else who did what with which fields. */
function entryText(e, names, seat) {
  if (e.text) return withNames(e.text, names);
  const actor = e.player ?? e.actor;
  const who = Number.isInteger(actor) ? (actor === seat ? 'You' : names[actor] ?? `Player ${actor + 1}`) : '';
  const what = e.event ?? e.kind ?? '';
  const rest = Object.entries(e).filter(([k]) => !['n', 'after', 'to', 'player', 'actor', 'event', 'kind'].includes(k))
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${Array.isArray(v) ? v.join(', ') : v}`);
  return `${who}${who && what ? ': ' : ''}${what}${rest.length ? ` (${rest.join('; ')})` : ''}`;
}

/** The log in words: [{n, text, private}] (an entry without a number is private to its reader). */
export function log(entries, names, seat) {
  return (entries || []).map((e) => ({ n: e.n ?? e.after, text: entryText(e, names, seat), private: e.n === undefined }));
}

/** An action in words: its own text (a replay step names it `action`), players by name. */
export function actionWords(action, names) {
  return withNames(action.text ?? action.action ?? action.name ?? '', names);
}

/** A list of cards (a hand) in words. */
export function cardWords(cards) {
  return (cards || []).map((c) => (c !== null && typeof c === 'object' ? Object.values(c).join(' ') : String(c))).join(', ');
}

/** The result in one sentence, from the table's result (or the view's winners and scores). */
export function result(view, names, outcome) {
  const winners = (outcome && outcome.winners) || view.winners || [];
  const scores = (outcome && outcome.scores) || view.scores || [];
  const who = winners.map((p) => names[p] ?? `Player ${p + 1}`);
  const head = who.length ? `${listWords(who)} ${who.length > 1 ? 'win' : 'wins'}!` : 'The game is over.';
  const tail = scores.length ? ` Scores — ${scores.map((sc, p) => `${names[p] ?? p}: ${sc}`).join(', ')}.` : '';
  return head + tail;
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
