// @ts-check
// The coach of a tutorial table: a panel above the board that shows the lesson the server puts in
// the learner's view (view.lesson, see docs/WEB-API.md) — the step's text, "Step 3 of 12",
// Continue for a step that only asks to look, the expected action highlighted on the board and
// the others dimmed (and refused, with a gentle note, while a step asks for one of them), and at
// the end the offer of a real game. Each new step is announced to screen readers. Nothing here
// knows a game: the words are the catalog's keys the lesson names, its arguments put into words by
// the game's own module (cards, actions) and the seat list (players).
//
//   coach({ app, entry, names })   called by the table page after every render
import { h, replace } from './dom.js';
import { t, number } from './i18n.js';
import { postJSON, joinSeat } from './api.js';

const STYLE = '/static/css/tutorial.css';
const coachState = { shown: '', lesson: null, ctx: null, note: '' };

/** The steps this browser dismissed at a table (Continue), kept for the session. */
function dismissed(tableId) {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(`furuba:coach:${tableId}`) || '[]'));
  } catch {
    return new Set();
  }
}

function dismiss(tableId, step) {
  const steps = dismissed(tableId);
  steps.add(step);
  try { sessionStorage.setItem(`furuba:coach:${tableId}`, JSON.stringify([...steps])); } catch { /* private mode */ }
}

function panel() {
  let box = document.getElementById('coach');
  if (!box) {
    if (!document.querySelector(`link[href="${STYLE}"]`)) {
      document.head.append(h('link', { rel: 'stylesheet', href: STYLE }));
    }
    box = h('section', { id: 'coach', class: 'panel coach', 'aria-labelledby': 'coach-title', tabindex: -1 });
    const game = document.getElementById('game');
    game.before(box);
    game.addEventListener('click', guard, true);
    game.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') guard(ev); }, true);
  }
  return box;
}

/** An argument of a lesson's text in words: a player, cards, an action, a nested text. */
function words(value, ctx) {
  if (typeof value === 'number') return number(value);
  if (!value || typeof value !== 'object') return String(value ?? '');
  if (Array.isArray(value)) return value.map((v) => words(v, ctx)).join(', ');
  if ('seat' in value) return ctx.names[value.seat] ?? '';
  if ('cards' in value) return ctx.app.game.cardWords(value.cards, ctx.app.catalog);
  if ('action' in value) {
    const action = (ctx.entry.legal || []).find((a) => a.id === value.action);
    return action ? ctx.app.game.actionWords(action, ctx.names, ctx.app.catalog) : '';
  }
  if ('t' in value) return t(value.t, fields(value.args || {}, ctx));
  return '';
}

function fields(args, ctx) {
  const out = {};
  for (const [key, value] of Object.entries(args)) out[key] = key === 'count' && typeof value === 'number' ? value : words(value, ctx);
  return out;
}

/** The page to show now: the first one not dismissed (a "do" or "wait" page never is). */
function current(lesson, tableId) {
  const gone = dismissed(tableId);
  return (lesson.pages || []).find((p) => !((p.kind === 'look' || p.kind === 'end') && gone.has(p.step))) || null;
}

/** Clicking (or pressing Enter on) another action while a step asks for one: refused, kindly. */
function guard(ev) {
  const page = coachState.lesson && current(coachState.lesson, coachState.ctx.app.table.id);
  if (!page || page.kind !== 'do') return;
  const target = ev.target.closest && ev.target.closest('[data-action-id]');
  const id = target && target.dataset.actionId;
  if (!id || page.actions.includes(Number(id))) {
    setTimeout(() => mark(page), 0);   // a picked card may change what Play would do
    return;
  }
  ev.preventDefault();
  ev.stopImmediatePropagation();
  coachState.note = t('tutorial.coach.not_yet');
  draw(page, coachState.ctx, false);
  say(coachState.note);
}

/** Highlight the step's actions on the board (and the cards they play), dim the others. */
function mark(page) {
  const board = document.getElementById('game');
  if (!board) return;
  for (const el of board.querySelectorAll('.coach-expected, .coach-dim')) el.classList.remove('coach-expected', 'coach-dim');
  if (!page || page.kind !== 'do') return;
  const wanted = new Set(page.actions.map(String));
  const legal = (coachState.ctx.entry.legal || []).filter((a) => wanted.has(String(a.id)));
  const cards = new Set(page.cards && page.cards.length ? page.cards
    : legal.flatMap((a) => [...(a.params.cards || []), ...(a.params.card ? [a.params.card] : [])]));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (board.querySelectorAll('[data-action-id]'))) {
    const id = el.dataset.actionId;
    if (!id) continue;
    el.classList.add(wanted.has(id) ? 'coach-expected' : 'coach-dim');
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (board.querySelectorAll('[data-card]'))) {
    if (cards.has(el.dataset.card) && !el.classList.contains('coach-dim')) el.classList.add('coach-expected');
  }
}

/** Tell screen readers (the page's live region, after what the log just said). */
function say(text) {
  let box = document.getElementById('announcer');
  if (!box) {
    box = h('p', { id: 'announcer', class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
    document.body.append(box);
  }
  box.textContent = box.textContent ? `${box.textContent} ${text}` : text;
}

/** A real game: the same game and seats as this table (the bots stay easy), the learner seated. */
async function realGame(ctx, button) {
  const table = ctx.app.table;
  const me = table.seats.find((s) => s.seat === ctx.seat);
  button.disabled = true;
  try {
    const made = await postJSON('/api/tables', { game: table.game, seats: table.seats.map((s) => (s.kind === 'bot' ? s.bot : 'human')) });
    await joinSeat(made.id, ctx.seat, (me && me.name) || t('tutorial.coach.name'));
    window.location.assign(made.url);
  } catch (err) {
    button.disabled = false;
    coachState.note = err.message;
    draw(current(coachState.lesson, table.id), ctx, false);
  }
}

function buttons(page, ctx) {
  const tableId = ctx.app.table.id;
  const next = () => {
    dismiss(tableId, page.step);
    coachState.note = '';
    show(ctx, true);
  };
  if (page.kind === 'look') {
    return [h('button', { type: 'button', class: 'btn primary', id: 'coach-continue', onclick: next }, t('tutorial.coach.continue'))];
  }
  if (page.kind === 'end') {
    const real = h('button', { type: 'button', class: 'btn primary', id: 'coach-real-game' }, t('tutorial.coach.real_game'));
    real.addEventListener('click', () => realGame(ctx, real));
    return [real, h('button', { type: 'button', class: 'btn', id: 'coach-keep-playing', onclick: next }, t('tutorial.coach.keep_playing'))];
  }
  if (page.kind === 'do') {
    return [h('button', { type: 'button', class: 'btn subtle', id: 'coach-show', onclick: () => {
      const first = /** @type {HTMLElement | null} */ (document.querySelector('#game .coach-expected'));
      if (first) {
        first.scrollIntoView({ block: 'center', behavior: 'smooth' });
        if (typeof first.focus === 'function') first.focus({ preventScroll: true });
      }
    } }, t('tutorial.coach.show_me'))];
  }
  return [];
}

/** Draw `page` in the panel; `fresh`: a new step (announced, and focused when it waits for Continue). */
function draw(page, ctx, fresh) {
  const box = panel();
  const lesson = coachState.lesson;
  const text = t(page.key, fields(page.args || {}, ctx));
  const progress = t('tutorial.coach.progress', { step: page.number, total: lesson.total });
  replace(box,
    h('div', { class: 'coach-head' },
      h('h2', { id: 'coach-title' }, t('tutorial.coach.title')),
      h('span', { class: 'coach-progress', id: 'coach-progress' }, progress),
      h('progress', { max: lesson.total, value: page.number, 'aria-hidden': 'true' })),
    h('p', { class: 'coach-text', id: 'coach-text', 'data-step': page.step, 'data-kind': page.kind }, text),
    coachState.note ? h('p', { class: 'coach-note', id: 'coach-note' }, coachState.note) : '',
    h('div', { class: 'coach-actions' }, buttons(page, ctx)));
  box.hidden = false;
  box.dataset.kind = page.kind;
  if (fresh) {
    say(`${progress}. ${text}`);
    const button = /** @type {HTMLElement | null} */ (box.querySelector('#coach-continue, #coach-real-game'));
    if (button) button.focus({ preventScroll: false });
  }
}

function show(ctx, moveFocus) {
  const page = current(coachState.lesson, ctx.app.table.id);
  const box = document.getElementById('coach');
  if (!page) {
    if (box) box.hidden = true;
    mark(null);
    return;
  }
  const id = `${page.step}|${page.key}|${page.number}|${page.actions.join(',')}|${JSON.stringify(page.args)}`;
  const changed = id !== coachState.shown;
  if (changed) coachState.note = '';
  coachState.shown = id;
  // The same step again (a bot moved, a timer ticked): the panel stays as it is, focus included.
  if (changed || moveFocus || !box || box.hidden) draw(page, ctx, changed || moveFocus);
  mark(page);
}

/** The table page calls this after every render: show the lesson of the learner's view, if any. */
export function coach({ app, entry, names }) {
  const lesson = entry && entry.view && entry.view.lesson;
  if (!lesson || !app.table) {
    const box = document.getElementById('coach');
    if (box) box.hidden = true;
    coachState.lesson = null;
    return;
  }
  coachState.lesson = lesson;
  coachState.ctx = { app, entry, names, seat: app.active };
  show(coachState.ctx, false);
}
