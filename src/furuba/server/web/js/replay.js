// @ts-check
// The replay page (/replay/{id}, or /offline/replay.html?t=ID for a game played in this browser): a
// finished game step by step, each step at its own address (#step=N). Where the game lives is its
// backend's business (replay-backend.js): the page is the same. Every word of the page is the
// catalog's (i18n.js); the game's own drawing and log are its module's.
import './install.js';
import { t, translatePage } from './i18n.js';
import { h, replace, keepFocus } from './dom.js';
import { replayBackend } from './replay-backend.js';
import { pageTools } from './prefs.js';
import { moduleFor } from './games.js';
import { reviewPanel } from './review.js';
import { seatNames, youOf, gameTitle } from './table-words.js';

let backend = null;
const el = {
  header: document.getElementById('replay-header'),
  controls: document.getElementById('replay-controls'),
  game: document.getElementById('game'),
  steps: document.getElementById('steps'),
  log: document.getElementById('log'),
};
const rp = {
  summary: null, game: null, catalog: {}, step: 0, total: 0, seat: 'all', cache: new Map(), playing: null, names: [],
  you: null,   // the seat this browser held at the table, when it held one: its sentences say "you"
  memory: {},  // what the game's module keeps of the table between drawings (games.js)
};

function stepFromHash() {
  const m = /step=(\d+)/.exec(location.hash);
  return m ? Number(m[1]) : 0;
}

async function position(step) {
  if (!rp.cache.has(step)) rp.cache.set(step, backend.step(step));
  return rp.cache.get(step);
}

async function go(step) {
  step = Math.max(0, Math.min(rp.total, step));
  rp.step = step;
  const target = `#step=${step}`;
  if (location.hash !== target) history.replaceState(null, '', target);
  const data = await position(step);
  if (rp.step !== step) return;
  show(data);
  if (step < rp.total) position(step + 1);
}

function show(data) {
  const seat = rp.seat === 'all' ? null : Number(rp.seat);
  const view = seat === null ? data.public : data.views.find((v) => v.seat === seat).view;
  // "Everyone" shows the public view with every hand beside it.
  const ctx = {
    view, log: view.log, legal: [], seat, catalog: rp.catalog, names: rp.names, act: () => {}, readOnly: true,
    status: data.step >= data.total ? 'finished' : 'playing', result: rp.summary.table.result, replay: true,
    memory: rp.memory,
  };
  keepFocus(() => {
    renderControls(data);
    rp.game.render(el.game, ctx);
    if (seat === null) renderHands(data);
    renderSteps();
    renderLog(view, seat);
  });
}

function renderHands(data) {
  const box = h('section', { class: 'panel all-hands', 'aria-label': t('table.replay.hands_label') }, h('h2', {}, t('table.replay.hands')));
  const list = h('ul', {});
  for (const v of data.views) {
    const hand = v.view.hand || [];
    list.append(h('li', {}, h('strong', {}, t('table.replay.whose', { name: rp.names[v.seat] })),
      hand.length ? rp.game.cardWords(hand, rp.catalog) : t('table.replay.no_cards')));
  }
  box.append(list);
  el.game.prepend(box);
}

function renderControls(data) {
  const button = (id, label, text, step, disabled) => h('button', { type: 'button', class: 'btn', id, 'data-key': id,
    'aria-label': label, disabled, onclick: () => { stop(); go(step); } }, text);
  const slider = h('input', { type: 'range', id: 'step-slider', min: 0, max: rp.total, value: rp.step, 'data-key': 'slider',
    'aria-label': t('table.replay.step'), 'aria-valuetext': t('table.replay.step_of', { step: rp.step, total: rp.total }) });
  slider.value = String(rp.step);
  slider.addEventListener('input', () => { stop(); go(Number(slider.value)); });
  const play = h('button', { type: 'button', class: 'btn primary', id: 'replay-play', 'data-key': 'replay-play',
    onclick: () => (rp.playing ? stop() : startPlaying()) }, rp.playing ? t('table.replay.pause') : t('table.replay.play'));
  const perspective = h('select', { id: 'perspective', 'data-key': 'perspective', 'aria-label': t('table.replay.perspective') },
    h('option', { value: 'all' }, t('table.replay.everyone')),
    rp.names.map((n, p) => h('option', { value: p }, p === rp.you ? t('table.replay.view_you', { name: n }) : t('table.replay.view', { name: n }))));
  perspective.value = String(rp.seat);
  perspective.addEventListener('change', () => { rp.seat = perspective.value; go(rp.step); });
  const action = data.action ? stepWords(data.action) : t('table.replay.deal');
  replace(el.controls,
    h('div', { class: 'replay-buttons' },
      button('replay-first', t('table.replay.first_label'), t('table.replay.first'), 0, rp.step === 0),
      button('replay-prev', t('table.replay.prev_label'), t('table.replay.prev'), rp.step - 1, rp.step === 0),
      play,
      button('replay-next', t('table.replay.next_label'), t('table.replay.next'), rp.step + 1, rp.step >= rp.total),
      button('replay-last', t('table.replay.last_label'), t('table.replay.last'), rp.total, rp.step >= rp.total),
      perspective),
    slider,
    h('p', { class: 'replay-status', id: 'replay-status', 'aria-live': 'polite' },
      h('strong', {}, t('table.replay.step_of_title', { step: rp.step, total: rp.total })), t('table.replay.action', { action })));
}

/** A step in words: who did what ("Aoi: pass"). */
function stepWords(step) {
  return t('table.replay.did', { name: rp.names[step.player], action: rp.game.actionWords(step, rp.names, rp.catalog) });
}

function renderSteps() {
  const list = h('ol', { class: 'step-list', start: 0 });
  list.append(h('li', { class: rp.step === 0 ? 'current' : '' }, h('a', { href: '#step=0', 'aria-current': rp.step === 0 ? 'step' : null }, t('table.replay.deal'))));
  for (const st of rp.summary.steps) {
    list.append(h('li', { class: st.n === rp.step ? 'current' : '' },
      h('a', { href: `#step=${st.n}`, 'aria-current': st.n === rp.step ? 'step' : null },
        stepWords(st))));
  }
  replace(el.steps, h('h2', {}, t('table.replay.moves')), list);
  const cur = list.querySelector('.current');
  if (cur) list.scrollTop = cur.offsetTop - list.offsetTop - list.clientHeight / 2;
}

function renderLog(view, seat) {
  const lines = rp.game.log(view.log, rp.names, seat, rp.catalog);
  const list = h('ol', { class: 'log-list' }, lines.slice(-60).map((l) => h('li', {}, l.text)));
  replace(el.log, h('h2', {}, t('table.replay.log')), list);
  list.scrollTop = list.scrollHeight;
}

function startPlaying() {
  stop();
  rp.playing = setInterval(() => {
    if (rp.step >= rp.total) stop();
    else go(rp.step + 1);
  }, 700);
  go(rp.step >= rp.total ? 0 : rp.step);
}

function stop() {
  if (rp.playing) clearInterval(rp.playing);
  rp.playing = null;
}

async function start() {
  translatePage();
  pageTools();
  backend = await replayBackend();
  try {
    rp.summary = await backend.summary();
  } catch (err) {
    replace(el.controls, h('p', {}, err.message, ' ', h('a', { href: backend.tableUrl }, t('table.replay.to_table'))));
    return;
  }
  const table = rp.summary.table;
  let title;
  [rp.game, rp.catalog, title] = await Promise.all([moduleFor(table), backend.catalog(), gameTitle(table)]);
  rp.names = seatNames(table.seats);
  const held = backend.held().filter((p) => p >= 0 && p < rp.names.length);
  rp.you = youOf(held);
  rp.total = rp.summary.steps.length;
  const last = await position(rp.total);
  const result = rp.game.result(last.public, rp.names, table.result, rp.you);
  document.title = t('table.replay.doc_title', { title });
  replace(el.header, h('h1', {}, t('table.replay.heading', { title })),
    h('p', { class: 'table-status' }, t('table.replay.players', { players: rp.names.join(t('table.separator')), result })),
    h('p', {}, h('a', { href: backend.tableUrl, id: 'replay-back' }, t('table.replay.back'))));
  reviewPanel(document.getElementById('review'), { backend, held, names: rp.names, you: rp.you, game: rp.game, catalog: rp.catalog });
  window.addEventListener('hashchange', () => go(stepFromHash()));
  rp.game.watchLayout(() => go(rp.step));
  document.addEventListener('keydown', (ev) => {
    if (/** @type {Element} */ (ev.target).closest('input, select, textarea')) return;
    if (ev.key === 'ArrowRight') { stop(); go(rp.step + 1); }
    if (ev.key === 'ArrowLeft') { stop(); go(rp.step - 1); }
  });
  await go(stepFromHash());
}

start();
