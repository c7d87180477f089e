// The replay page (/replay/{id}): a finished game step by step, each step at its own address (#step=N).
import './install.js';
import { h, replace, keepFocus } from './dom.js';
import { getJSON, tableIdFromPath } from './api.js';
import { motionToggle } from './prefs.js';
import { moduleFor } from './games.js';
import { reviewPanel } from './review.js';

const tableId = tableIdFromPath();
const base = `/api/tables/${encodeURIComponent(tableId)}`;
const el = {
  header: document.getElementById('replay-header'),
  controls: document.getElementById('replay-controls'),
  game: document.getElementById('game'),
  steps: document.getElementById('steps'),
  log: document.getElementById('log'),
};
const rp = { summary: null, game: null, catalog: {}, step: 0, total: 0, seat: 'all', cache: new Map(), playing: null, names: [] };

function stepFromHash() {
  const m = /step=(\d+)/.exec(location.hash);
  return m ? Number(m[1]) : 0;
}

async function position(step) {
  if (!rp.cache.has(step)) rp.cache.set(step, getJSON(`${base}/replay/${step}`));
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
  const box = h('section', { class: 'panel all-hands', 'aria-label': 'Every hand' }, h('h2', {}, 'Every hand at this step'));
  const list = h('ul', {});
  for (const v of data.views) {
    const hand = v.view.hand || [];
    list.append(h('li', {}, h('strong', {}, `${rp.names[v.seat]}: `), hand.length ? rp.game.cardWords(hand, rp.catalog) : 'no cards'));
  }
  box.append(list);
  el.game.prepend(box);
}

function renderControls(data) {
  const button = (id, label, text, step, disabled) => h('button', { type: 'button', class: 'btn', id, 'data-key': id,
    'aria-label': label, disabled, onclick: () => { stop(); go(step); } }, text);
  const slider = h('input', { type: 'range', id: 'step-slider', min: 0, max: rp.total, value: rp.step, 'data-key': 'slider',
    'aria-label': 'Step', 'aria-valuetext': `step ${rp.step} of ${rp.total}` });
  slider.value = String(rp.step);
  slider.addEventListener('input', () => { stop(); go(Number(slider.value)); });
  const play = h('button', { type: 'button', class: 'btn primary', id: 'replay-play', 'data-key': 'replay-play',
    onclick: () => (rp.playing ? stop() : startPlaying()) }, rp.playing ? 'Pause' : 'Play');
  const perspective = h('select', { id: 'perspective', 'data-key': 'perspective', 'aria-label': 'Whose view' },
    h('option', { value: 'all' }, 'Everyone (all hands)'),
    rp.names.map((n, p) => h('option', { value: p }, `${n}'s view`)));
  perspective.value = String(rp.seat);
  perspective.addEventListener('change', () => { rp.seat = perspective.value; go(rp.step); });
  const action = data.action
    ? `${rp.names[data.action.player]}: ${rp.game.actionWords(data.action, rp.names, rp.catalog)}`
    : 'The deal';
  replace(el.controls,
    h('div', { class: 'replay-buttons' },
      button('replay-first', 'First step', '« First', 0, rp.step === 0),
      button('replay-prev', 'Previous step', '‹ Back', rp.step - 1, rp.step === 0),
      play,
      button('replay-next', 'Next step', 'Next ›', rp.step + 1, rp.step >= rp.total),
      button('replay-last', 'Last step', 'Last »', rp.total, rp.step >= rp.total),
      perspective),
    slider,
    h('p', { class: 'replay-status', id: 'replay-status', 'aria-live': 'polite' },
      h('strong', {}, `Step ${rp.step} of ${rp.total}`), ` — ${action}`));
}

function renderSteps() {
  const list = h('ol', { class: 'step-list', start: 0 });
  list.append(h('li', { class: rp.step === 0 ? 'current' : '' }, h('a', { href: '#step=0', 'aria-current': rp.step === 0 ? 'step' : null }, 'The deal')));
  for (const st of rp.summary.steps) {
    list.append(h('li', { class: st.n === rp.step ? 'current' : '' },
      h('a', { href: `#step=${st.n}`, 'aria-current': st.n === rp.step ? 'step' : null },
        `${rp.names[st.player]}: ${rp.game.actionWords(st, rp.names, rp.catalog)}`)));
  }
  replace(el.steps, h('h2', {}, 'Moves'), list);
  const cur = list.querySelector('.current');
  if (cur) list.scrollTop = cur.offsetTop - list.offsetTop - list.clientHeight / 2;
}

function renderLog(view, seat) {
  const lines = rp.game.log(view.log, rp.names, seat, rp.catalog);
  const list = h('ol', { class: 'log-list' }, lines.slice(-60).map((l) => h('li', {}, l.text)));
  replace(el.log, h('h2', {}, 'Log'), list);
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
  document.getElementById('page-tools').append(motionToggle());
  try {
    rp.summary = await getJSON(`${base}/replay`);
  } catch (err) {
    replace(el.controls, h('p', {}, err.message, ' ', h('a', { href: `/t/${tableId}` }, 'Go to the table.')));
    return;
  }
  const t = rp.summary.table;
  [rp.game, rp.catalog] = await Promise.all([moduleFor(t), getJSON(`${base}/catalog`).catch(() => ({}))]);
  rp.names = t.seats.map((s) => s.name || (s.kind === 'bot' ? s.bot : `Seat ${s.seat + 1}`));
  rp.total = rp.summary.steps.length;
  const last = await position(rp.total);
  const result = rp.game.result(last.public, rp.names, t.result);
  document.title = `Replay: ${t.title} — furuba`;
  replace(el.header, h('h1', {}, `Replay: ${t.title}`),
    h('p', { class: 'table-status' }, `${t.seats.map((s, p) => rp.names[p]).join(', ')} · ${result}`),
    h('p', {}, h('a', { href: `/t/${tableId}` }, 'Back to the table')));
  reviewPanel(document.getElementById('review'), { base, tableId, names: rp.names, game: rp.game, catalog: rp.catalog });
  window.addEventListener('hashchange', () => go(stepFromHash()));
  rp.game.watchLayout(() => go(rp.step));
  document.addEventListener('keydown', (ev) => {
    if (ev.target.closest('input, select, textarea')) return;
    if (ev.key === 'ArrowRight') { stop(); go(rp.step + 1); }
    if (ev.key === 'ArrowLeft') { stop(); go(rp.step - 1); }
  });
  await go(stepFromHash());
}

start();
