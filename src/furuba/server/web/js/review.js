// @ts-check
// The game review on the replay page: the search bot's analysis of one seat's play, from the
// page's backend (replay-backend.js: GET /api/tables/{id}/review?seat=N, or furuba's Python in this
// browser's worker, for a game played offline). "Analyse" starts it; a <progress> bar shows how far
// it got (the page asks again every half second; when the server is busy with other reviews — 429
// or 503 — it shows the server's sentence and asks again after its Retry-After); then an SVG graph of
// every player's win chance over the game (one line per player, each with its own dash and marker
// and a legend, the seat's mistakes marked and linked to their steps), the biggest mistakes, and
// the move played against the bot's preferred move at each decision. Every number in the graph is
// also in a table. Its words are the catalog's (i18n.js); the moves are the game module's words.
import { t } from './i18n.js';
import { h, s, replace, withNames } from './dom.js';
import { capital, person } from './table-words.js';

const PLOT = { width: 640, height: 260, left: 44, right: 14, top: 16, bottom: 34 };
const DASHES = ['', '9 4', '2 4', '12 4 2 4', '5 3', '14 3 3 3 3 3', '1 5'];
const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'cross', 'down', 'plus'];
const SHAPE_WORDS = {
  circle: () => t('table.review.shape.circle'),
  square: () => t('table.review.shape.square'),
  triangle: () => t('table.review.shape.triangle'),
  diamond: () => t('table.review.shape.diamond'),
  cross: () => t('table.review.shape.cross'),
  down: () => t('table.review.shape.down'),
  plus: () => t('table.review.shape.plus'),
};
const DASH_WORDS = [() => t('table.review.dash.solid'), () => t('table.review.dash.dashed'), () => t('table.review.dash.dotted'),
  () => t('table.review.dash.dash_dot'), () => t('table.review.dash.short'), () => t('table.review.dash.dash_dot_dot'),
  () => t('table.review.dash.sparse')];
const SYMBOLS = { blunder: '??', mistake: '?', inaccuracy: '?!' };
const WORDS = {
  blunder: () => t('table.review.blunder'),
  mistake: () => t('table.review.mistake'),
  inaccuracy: () => t('table.review.inaccuracy'),
};
/** A judgement in words with its symbol: "Mistake ?". */
const judged = (j) => t('table.review.judged', { judgement: WORDS[j](), symbol: SYMBOLS[j] });
const POLL_MS = 500;
const SHOWN_MISTAKES = 5;

const pct = (c) => `${Math.round(c * 100)}%`;
/** A win chance with its standard error over the shared worlds: "26% ±0.5". */
const chance = (move) => (typeof move.error === 'number' ? t('table.review.give_or_take', { chance: pct(move.win_chance), error: (move.error * 100).toFixed(1) }) : pct(move.win_chance));
/** A decision's gain, in points, with its standard error: "12 ±1.5". */
const gained = (d) => t('table.review.give_or_take', { chance: Math.round(d.gain * 100), error: ((d.gain_error || 0) * 100).toFixed(1) });
let unfollow = null;

/** Whose play, in a sentence: "your" / "Kaito's" (the {name} of a catalog text that has a `_you` twin). */
const isYou = (p, ctx) => ctx.you !== null && ctx.you !== undefined && p === ctx.you;

/** The review panel in `root`; ctx = {backend (replay-backend.js), held (the seats this browser
 * held), names, you (the seat sentences call "you", or null), game, catalog}. */
export function reviewPanel(root, ctx) {
  const held = ctx.held;
  const st = { seat: held.length ? held[0] : 0, timer: null, asked: 0 };
  const select = h('select', { id: 'review-seat', 'data-key': 'review-seat' },
    ctx.names.map((n, p) => h('option', { value: p }, n)));
  select.value = String(st.seat);
  const button = h('button', { type: 'button', class: 'btn primary', id: 'review-start', 'data-key': 'review-start' }, t('table.review.analyse'));
  const status = h('p', { id: 'review-status', class: 'review-status', role: 'status' });
  const output = h('div', { id: 'review-output', class: 'review-output' });
  const restart = () => { clearTimeout(st.timer); st.asked += 1; ask(st.asked); };
  select.addEventListener('change', () => { st.seat = Number(select.value); clearTimeout(st.timer); st.asked += 1; button.disabled = false; replace(output); status.textContent = ''; });
  button.addEventListener('click', restart);
  output.addEventListener('click', (ev) => {           // a step link shows its position above
    if (!ev.target.closest('a[href^="#step="]')) return;
    setTimeout(() => document.getElementById('replay-controls')?.scrollIntoView({ block: 'nearest' }), 0);
  });

  async function ask(round) {
    button.disabled = true;
    let answer;
    try {
      answer = await ctx.backend.review(st.seat);
    } catch (err) {
      if (round !== st.asked) return;
      button.disabled = false;
      status.textContent = '';
      replace(output, h('p', { class: 'error', role: 'alert' }, t('table.review.failed', { error: err.message })));
      return;
    }
    if (round !== st.asked) return;
    if (answer.status === 'busy') {                     // not started: wait as the server asks
      status.textContent = `${answer.detail} ${t('table.review.retrying', { seconds: answer.wait })}`;
      st.timer = setTimeout(() => ask(round), answer.wait * 1000);
      return;
    }
    if (answer.status === 'done') {
      button.disabled = false;
      status.textContent = isYou(st.seat, ctx) ? t('table.review.ready_you') : t('table.review.ready', { name: ctx.names[st.seat] });
      replace(output, reviewView(answer, ctx));
      return;
    }
    if (!output.querySelector('#review-progress')) {
      status.textContent = isYou(st.seat, ctx) ? t('table.review.working_you') : t('table.review.working', { name: ctx.names[st.seat] });
    }
    showProgress(output, answer.progress, isYou(st.seat, ctx) ? t('table.review.progress_you') : t('table.review.progress', { name: ctx.names[st.seat] }));
    st.timer = setTimeout(() => ask(round), POLL_MS);
  }

  root.hidden = false;
  replace(root, h('h2', { id: 'review-title' }, t('table.review.title')),
    h('p', { class: 'muted small' }, t('table.review.intro')),
    h('div', { class: 'review-controls' }, h('label', { for: 'review-seat' }, t('table.review.player')), select, button),
    status, output);
}


function showProgress(output, progress, label) {
  const value = Math.round(progress * 100);
  let bar = output.querySelector('#review-progress');
  if (!bar) {
    bar = h('progress', { id: 'review-progress', max: 100, 'aria-labelledby': 'review-progress-label' });
    replace(output, h('div', { class: 'review-progress' },
      h('span', { id: 'review-progress-label' }, label), bar,
      h('span', { id: 'review-progress-text', class: 'review-progress-text' })));
  }
  bar.value = value;
  bar.textContent = `${value}%`;
  output.querySelector('#review-progress-text').textContent = t('table.review.done', { percent: value });
}

/** The finished review: summary, graph with legend and data table, mistakes, decisions. */
export function reviewView(review, ctx) {
  const name = ctx.names[review.seat];
  const n = review.decisions.length;
  const c = review.counts;
  const agreed = Math.round(review.agreement * n);
  return [
    h('p', { id: 'review-summary' }, t('table.review.summary', {
      name, decisions: t('table.review.decisions', { count: n }), sims: review.sims, worlds: review.worlds, agreed, total: n, as_good: review.as_good,
      loss: (review.mean_loss * 100).toFixed(1),
      counts: [t('table.review.blunders', { count: c.blunder }), t('table.review.mistakes', { count: c.mistake }),
        t('table.review.inaccuracies', { count: c.inaccuracy })].join(t('table.separator')),
    })),
    h('figure', { class: 'plot-figure review-figure' },
      h('figcaption', {}, t('table.review.caption')),
      graph(review, ctx), legend(review, ctx), dataTable(review, ctx)),
    mistakesList(review, ctx),
    decisionsTable(review, ctx),
  ];
}

function scales(review) {
  const { width, height, left, right, top, bottom } = PLOT;
  const last = Math.max(1, review.chances.length - 1);
  return {
    x: (step) => left + (step * (width - left - right)) / last,
    y: (chance) => top + (1 - chance) * (height - top - bottom),
    step: (x) => Math.max(0, Math.min(last, Math.round(((x - left) * last) / (width - left - right)))),
  };
}

function marker(shape, x, y, cls, r = 4) {
  const path = {
    triangle: `M${x} ${y - r}L${x + r} ${y + r}L${x - r} ${y + r}Z`,
    down: `M${x} ${y + r}L${x + r} ${y - r}L${x - r} ${y - r}Z`,
    diamond: `M${x} ${y - r - 1}L${x + r + 1} ${y}L${x} ${y + r + 1}L${x - r - 1} ${y}Z`,
    cross: `M${x - r} ${y - r}L${x + r} ${y + r}M${x + r} ${y - r}L${x - r} ${y + r}`,
    plus: `M${x - r - 1} ${y}L${x + r + 1} ${y}M${x} ${y - r - 1}L${x} ${y + r + 1}`,
  }[shape];
  if (shape === 'circle') return s('circle', { class: cls, cx: x, cy: y, r });
  if (shape === 'square') return s('rect', { class: cls, x: x - r, y: y - r, width: 2 * r, height: 2 * r });
  return s('path', { class: `${cls} ${shape === 'cross' || shape === 'plus' ? 'stroked' : ''}`, d: path });
}

function describe(review, ctx) {
  const players = ctx.names.map((name, p) => {
    const line = review.chances.map((row) => row[p]);
    const hi = Math.max(...line);
    const lo = Math.min(...line);
    return t('table.review.series', {
      name: capital(person(p, ctx.names, ctx.you)), line: DASH_WORDS[p % DASH_WORDS.length](),
      shapes: SHAPE_WORDS[SHAPES[p % SHAPES.length]](), start: pct(line[0]), end: pct(line[line.length - 1]),
      high: pct(hi), high_step: line.indexOf(hi), low: pct(lo), low_step: line.indexOf(lo),
    });
  });
  const marked = review.mistakes.slice(0, SHOWN_MISTAKES).join(t('table.separator'));
  let tail = '';
  if (marked) tail = isYou(review.seat, ctx) ? t('table.review.marked_you', { steps: marked }) : t('table.review.marked', { name: ctx.names[review.seat], steps: marked });
  return t('table.review.description', { players: players.join(t('table.review.series_separator')), tail });
}

function graph(review, ctx) {
  const { width, height, left, right, top, bottom } = PLOT;
  const { x, y, step } = scales(review);
  const total = review.chances.length - 1;
  const every = Math.max(1, Math.ceil(total / 10));
  const byStep = new Map(review.decisions.map((d) => [d.step, d]));
  const lines = ctx.names.map((name, p) => {
    const d = review.chances.map((row, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(row[p]).toFixed(1)}`).join(' ');
    const dots = [];
    for (let i = Math.round((p * every) / ctx.names.length); i <= total; i += every) dots.push(marker(SHAPES[p % SHAPES.length], x(i), y(review.chances[i][p]), `review-marker player-${p % 7}`));
    return s('g', { class: `review-series${p === review.seat ? ' reviewed' : ''}`, 'data-player': p },
      s('path', { class: `review-line player-${p % 7}`, d, 'stroke-dasharray': DASHES[p % DASHES.length] || null }), dots);
  });
  const marks = review.mistakes.slice(0, SHOWN_MISTAKES).map((n) => {
    const dec = byStep.get(n);
    return s('a', { href: `#step=${n}`, class: `review-mistake ${dec.judgement}` },
      s('title', {}, t('table.review.mark', {
        step: n, judgement: WORDS[dec.judgement]().toLowerCase(), played: moveWords(dec.played, dec, ctx),
        played_chance: chance(dec.played), best: moveWords(dec.best, dec, ctx), best_chance: chance(dec.best),
      })),
      s('line', { x1: x(n), x2: x(n), y1: top, y2: height - bottom }),
      s('text', { x: x(n), y: top - 4, 'text-anchor': 'middle' }, SYMBOLS[dec.judgement]));
  });
  const now = s('line', { class: 'review-now', x1: 0, x2: 0, y1: top, y2: height - bottom });
  const svg = s('svg', { class: 'review-graph', id: 'review-graph', viewBox: `0 0 ${width} ${height}`, role: 'img',
    'aria-labelledby': 'review-graph-title review-graph-desc', 'data-lines': ctx.names.length },
  s('title', { id: 'review-graph-title' }, isYou(review.seat, ctx) ? t('table.review.graph_you')
    : t('table.review.graph', { name: ctx.names[review.seat] })),
  s('desc', { id: 'review-graph-desc' }, describe(review, ctx)),
  [0, 0.25, 0.5, 0.75, 1].map((tick) => s('g', { class: 'plot-tick' },
    s('line', { x1: left, x2: width - right, y1: y(tick), y2: y(tick) }),
    s('text', { x: left - 6, y: y(tick) + 4, 'text-anchor': 'end' }, pct(tick)))),
  s('text', { class: 'plot-axis', x: left + (width - left - right) / 2, y: height - 8, 'text-anchor': 'middle' }, t('table.review.axis', { total })),
  lines, marks, now);
  const follow = () => {
    const m = /step=(\d+)/.exec(location.hash);
    const at = x(Math.min(total, m ? Number(m[1]) : 0));
    now.setAttribute('x1', at);
    now.setAttribute('x2', at);
  };
  follow();
  if (unfollow) unfollow();
  window.addEventListener('hashchange', follow);
  unfollow = () => window.removeEventListener('hashchange', follow);
  svg.addEventListener('click', (ev) => {
    if (ev.target.closest('a')) return;
    const point = svg.createSVGPoint();
    [point.x, point.y] = [ev.clientX, ev.clientY];
    location.hash = `#step=${step(point.matrixTransform(svg.getScreenCTM().inverse()).x)}`;
  });
  return svg;
}

function legend(review, ctx) {
  return h('ul', { class: 'review-legend', id: 'review-legend', 'aria-label': t('table.review.legend') }, ctx.names.map((name, p) => h('li', {},
    s('svg', { viewBox: '0 0 36 12', width: 36, height: 12, 'aria-hidden': 'true' },
      s('line', { class: `review-line player-${p % 7}`, x1: 1, x2: 35, y1: 6, y2: 6, 'stroke-dasharray': DASHES[p % DASHES.length] || null }),
      marker(SHAPES[p % SHAPES.length], 18, 6, `review-marker player-${p % 7}`, 3.5)),
    p === review.seat ? h('strong', {}, t('table.review.reviewed', { name })) : name,
    t('table.review.result', { result: pct(review.returns[p]) }))));
}

function dataTable(review, ctx) {
  const table = h('table', { class: 'ratings-table review-data', id: 'review-data' },
    h('caption', {}, t('table.review.data_caption')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'num' }, t('table.review.col.step')), ctx.names.map((n) => h('th', { scope: 'col', class: 'num' }, n)))),
    h('tbody', {}));
  const details = h('details', { class: 'plot-data' }, h('summary', {}, t('table.review.data_summary')), table);
  details.addEventListener('toggle', () => {          // many rows: built when first opened
    const body = table.tBodies[0];
    if (!details.open || body.rows.length) return;
    body.append(...review.chances.map((row, i) => h('tr', {}, h('th', { scope: 'row', class: 'num' }, h('a', { href: `#step=${i}` }, String(i))),
      row.map((c) => h('td', { class: 'num' }, pct(c))))));
  });
  return details;
}

function moveWords(move, decision, ctx) {
  return ctx.game.actionWords({ text: move.name, kind: move.kind, params: move.params, player: decision.player }, ctx.names, ctx.catalog);
}

function mistakesList(review, ctx) {
  const byStep = new Map(review.decisions.map((d) => [d.step, d]));
  const shown = review.mistakes.slice(0, SHOWN_MISTAKES).map((n) => byStep.get(n));
  const title = h('h3', { id: 'review-mistakes-title' }, t('table.review.mistakes_title'));
  if (!shown.length) {
    const least = Math.min(...Object.values(review.thresholds)) * 100;
    return h('section', { class: 'review-mistakes-box' }, title, h('p', { id: 'review-mistakes' }, t('table.review.no_mistakes', { points: least })));
  }
  return h('section', { class: 'review-mistakes-box' }, title,
    h('ol', { id: 'review-mistakes', class: 'review-mistakes', 'aria-labelledby': 'review-mistakes-title' }, shown.map((d) => h('li', { class: d.judgement },
      h('a', { href: `#step=${d.step}` }, t('table.review.step_link', { step: d.step }), h('strong', {}, judged(d.judgement))),
      t('table.review.mistake_line', {
        played: moveWords(d.played, d, ctx), played_chance: chance(d.played),
        best: moveWords(d.best, d, ctx), best_chance: chance(d.best), points: gained(d),
      }),
      explanation(d, ctx), puzzleLink(review, d)))));
}

/** The puzzle a mistake became (GET /api/puzzles/{id}): solve it, as its player saw it (none for a
 * game played offline: its review names no puzzles). */
function puzzleLink(review, d) {
  const id = review.puzzles && review.puzzles[String(d.step)];
  return id ? h('a', { class: 'review-puzzle', href: `/puzzles#${encodeURIComponent(id)}` }, t('table.review.puzzle_link')) : null;
}

/** A mistake in words: what the move played did, what the bot's does, and what the better move
 * keeps where the game can say it (each in the reader's language, as the review kept it). */
function explanation(d, ctx) {
  const said = [
    d.played.reason ? t('table.review.yours', { reason: capital(withNames(d.played.reason, ctx.names)) }) : null,
    d.best.reason ? t('table.review.theirs', { reason: capital(withNames(d.best.reason, ctx.names)) }) : null,
    d.explained ? t('table.review.because', { reason: capital(withNames(d.explained, ctx.names)) }) : null,
  ].filter(Boolean);
  return said.length ? h('span', { class: 'review-why muted' }, ` ${said.join(' ')}`) : null;
}

function decisionsTable(review, ctx) {
  const rows = review.decisions.map((d) => {
    const same = d.played.action === d.best.action;
    const hinted = d.hint ? h('div', { class: 'review-hint muted small' }, t('table.review.hint_differs', { hint: moveWords(d.hint, d, ctx) })) : null;
    return h('tr', { class: d.judgement || (d.as_good ? 'as-good' : '') },
      h('td', { class: 'num' }, h('a', { href: `#step=${d.step}` }, String(d.step))),
      h('td', {}, moveWords(d.played, d, ctx)), h('td', { class: 'num' }, chance(d.played)),
      h('td', {}, same ? t('table.review.same') : moveWords(d.best, d, ctx), hinted), h('td', { class: 'num' }, chance(d.best)),
      h('td', { class: 'num' }, same || d.as_good ? '' : gained(d)),
      h('td', {}, d.judgement ? judged(d.judgement) : d.as_good ? t('table.review.as_good') : ''));
  });
  return h('details', { class: 'plot-data', open: review.decisions.length <= 40 },
    h('summary', {}, t('table.review.every_decision', { count: review.decisions.length })),
    h('table', { class: 'ratings-table review-decisions', id: 'review-decisions' },
      h('caption', {}, t('table.review.decisions_caption', { worlds: review.worlds })),
      h('thead', {}, h('tr', {}, [t('table.review.col.step'), t('table.review.col.played'), t('table.review.col.chance'),
        t('table.review.col.best'), t('table.review.col.chance'), t('table.review.col.lost'), t('table.review.col.judgement')]
        .map((text, i) => h('th', { scope: 'col', class: [0, 2, 4, 5].includes(i) ? 'num' : null }, text)))),
      h('tbody', {}, rows)));
}
