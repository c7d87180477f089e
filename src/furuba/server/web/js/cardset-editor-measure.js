// @ts-check
// Measuring a set in the page: POST /api/<option>s/measure plays bot games with it on the server,
// the page asks how far it got every half second (a <progress> bar, Cancel), then shows the
// balance report: win rates by seat and by bot, the game length, the cards most tied to winning
// and losing, each with its 95% interval, then the game's own parts (its editor module's
// reportSections). Fields a report gains later are ignored, never a fault.
import { h, replace } from './dom.js';
import { has, t, number } from './i18n.js';
import { getJSON, postJSON, sendJSON } from './api.js';

/** `n` games in words ("1 game", "200 games"; 「200ゲーム」). */
function gamesWords(n) {
  return t('editor.count.games', { count: n, n: number(n) });
}

const POLL_MS = 500;
const percent = (x) => number(x, { style: 'percent', maximumFractionDigits: 1 });
/** A bot in words ("Greedy bots"), else its spec. */
const botWords = (bot) => (has(`editor.bot.${bot}`) ? t(`editor.bot.${bot}`) : bot);
const interval = (ci) => (Array.isArray(ci) ? t('editor.report.interval', { low: percent(ci[0]), high: percent(ci[1]) }) : '—');

function bar(share, fair) {
  return h('td', { 'aria-hidden': 'true', class: 'ed-bar-cell' },
    h('span', { class: 'ed-bar', style: { width: `${Math.max(0, Math.min(100, share * 100))}%` } }),
    fair ? h('span', { class: 'ed-fair', style: { left: `${fair * 100}%` } }) : null);
}

function table(caption, head, rows) {
  return h('table', { class: 'ed-report-table' }, h('caption', {}, caption),
    h('thead', {}, h('tr', {}, head.map((x) => (x === null ? h('td', {}) : h('th', { scope: 'col' }, x))))),
    h('tbody', {}, rows));
}

/** The report's parts every game has. */
function commonParts(data, module, doc) {
  const out = [];
  const fair = data.players ? 1 / data.players : null;
  if (Array.isArray(data.win_rate_by_seat)) {
    out.push(table(t('editor.report.seats'), [t('editor.report.seat'), t('editor.report.win_rate'), t('editor.report.ci'), null],
      data.win_rate_by_seat.map((r, i) => h('tr', {}, h('th', { scope: 'row' }, t('editor.report.seat_n', { number: (r.seat ?? i) + 1 })),
        h('td', { class: 'num' }, percent(r.rate)), h('td', { class: 'num' }, interval(r.ci95)), bar(r.rate, fair)))));
  }
  if (data.win_rate_by_bot && typeof data.win_rate_by_bot === 'object' && Object.keys(data.win_rate_by_bot).length > 1) {
    out.push(table(t('editor.report.bots'), [t('editor.report.bot'), t('editor.report.win_rate'), t('editor.report.ci'), null],
      Object.entries(data.win_rate_by_bot).map(([bot, r]) => h('tr', {}, h('th', { scope: 'row' }, botWords(bot)),
        h('td', { class: 'num' }, percent(r.rate)), h('td', { class: 'num' }, interval(r.ci95)), bar(r.rate, fair)))));
  }
  if (data.game_length && data.game_length.counts) {
    const length = data.game_length;
    const unit = has(`editor.report.unit.${length.unit}`) ? t(`editor.report.unit.${length.unit}`) : length.unit;
    const most = Math.max(1, ...Object.values(length.counts));
    out.push(h('p', { class: 'ed-report-line', id: 'report-length' }, t('editor.report.length', {
      median: number(length.median), mean: number(length.mean, { maximumFractionDigits: 1 }), unit })));
    out.push(table(t('editor.report.length_table', { unit }), [unit, t('editor.report.games'), null],
      Object.entries(length.counts).map(([value, n]) => h('tr', {}, h('th', { scope: 'row' }, value),
        h('td', { class: 'num' }, number(n)), bar(n / most, null)))));
  }
  const decisive = data.decisive_cards && data.decisive_cards.by_bot;
  if (decisive && typeof decisive === 'object') {
    for (const [bot, cards] of Object.entries(decisive)) {
      if (!Array.isArray(cards) || !cards.length) continue;
      const say = (name) => (module && module.cardName ? module.cardName(doc, name) : name);
      out.push(table(t('editor.report.cards', { bot: botWords(bot) }),
        [t('editor.report.card'), t('editor.report.lift'), t('editor.report.ci'), t('editor.report.played'), t('editor.report.not_played')],
        cards.map((c) => h('tr', {}, h('th', { scope: 'row' }, say(c.card)),
          h('td', { class: 'num' }, `${c.lift >= 0 ? '+' : ''}${percent(c.lift)}`),
          h('td', { class: 'num' }, interval(c.lift_ci95)),
          h('td', { class: 'num' }, t('editor.report.of', { rate: percent(c.played.rate), n: number(c.played.n) })),
          h('td', { class: 'num' }, t('editor.report.of', { rate: percent(c.not_played.rate), n: number(c.not_played.n) }))))));
    }
  } else if (data.game_length) {
    out.push(h('p', { class: 'muted small' }, t('editor.report.no_cards')));
  }
  return out;
}

/** The measure panel: ctx = {word, game, text() (a promise of the file's text, null while it has faults),
 *  players(), games(), bots(), module, doc(), els: {start, cancel, progress, bar, status, report, error}}. */
export function measurePanel(ctx) {
  const { els } = ctx;
  const st = { id: null, timer: null, starting: null };

  function busy(on) {
    els.start.disabled = on;
    els.cancel.hidden = !on;
    els.progress.hidden = !on && !st.id;
  }

  function progress(done, games) {
    els.bar.max = games;
    els.bar.value = done;
    els.status.textContent = t('editor.measure.progress', { done: number(done), games: gamesWords(games) });
  }

  async function poll(id) {
    if (st.id !== id) return;
    let out;
    try {
      out = await getJSON(`/api/${ctx.word}/measure/${encodeURIComponent(id)}`);
    } catch (err) {
      st.timer = setTimeout(() => poll(id), POLL_MS * 4);
      els.error.textContent = err.message;
      return;
    }
    if (st.id !== id) return;
    progress(out.done, out.games);
    if (out.status === 'waiting' || out.status === 'running') {
      if (out.status === 'waiting') els.status.textContent = t('editor.measure.waiting');
      st.timer = setTimeout(() => poll(id), POLL_MS);
      return;
    }
    st.id = null;
    busy(false);
    if (out.status === 'done') {
      els.status.textContent = t('editor.measure.done', { games: gamesWords(out.games) });
      show(out);
    } else if (out.status === 'cancelled') {
      els.status.textContent = t('editor.measure.cancelled');
    } else {
      els.error.textContent = out.detail || t('editor.measure.failed');
    }
  }

  function show(out) {
    const data = out.report || {};
    const parts = commonParts(data, ctx.module, ctx.doc());
    const own = ctx.module && ctx.module.reportSections ? ctx.module.reportSections(data) : [];
    replace(els.report,
      h('h3', { id: 'report-title', tabindex: '-1' }, t('editor.report.title', { games: gamesWords(data.games || out.games),
        players: t('editor.count.players', { count: data.players || out.players, n: number(data.players || out.players) }), bots: [...new Set(data.bots || out.bots || [])].map(botWords).join(', ') })),
      h('p', { class: 'muted small' }, t('editor.report.about', { seed: String(data.seed ?? out.seed ?? '') })),
      parts, own);
  }

  async function start() {
    els.error.textContent = '';
    const text = await ctx.text();
    if (!text) {
      els.error.textContent = t('editor.measure.fix_first');
      return;
    }
    clearTimeout(st.timer);
    replace(els.report);
    busy(true);
    progress(0, ctx.games());
    try {
      st.starting = postJSON(`/api/${ctx.word}/measure?game=${encodeURIComponent(ctx.game)}`,
        { text, games: ctx.games(), players: ctx.players(), bots: ctx.bots() });
      const out = await st.starting;
      st.starting = null;
      st.id = out.id;
      els.status.textContent = t('editor.measure.waiting');
      st.timer = setTimeout(() => poll(out.id), POLL_MS);
    } catch (err) {
      st.id = null;
      st.starting = null;
      busy(false);
      els.progress.hidden = true;
      els.error.textContent = err.message;
    }
  }

  async function cancel() {
    if (st.starting) {               // asked before the server answered: cancel what it starts
      try { await st.starting; } catch { /* it did not start: nothing to cancel */ }
    }
    const id = st.id;
    if (!id) return;
    clearTimeout(st.timer);
    st.id = null;
    try {
      await sendJSON('DELETE', `/api/${ctx.word}/measure/${encodeURIComponent(id)}`);
      els.status.textContent = t('editor.measure.cancelled');
    } catch (err) {
      els.error.textContent = err.message;
    }
    busy(false);
    els.start.focus();
  }

  els.start.addEventListener('click', start);
  els.cancel.addEventListener('click', cancel);
  return { cancel };
}
