// @ts-check
// Friends of the Zodiac's card-set editor module: every card of the set being edited, drawn by
// the table's own card faces (cards.js) and words (zodiac-words.js), and the game's part of a
// measure's report (each Sohma's share of the befriendings, the games stopped by the round cap).
// The set is drawn as it is typed, faults and all: a card with a gap shows the gap.
import { h, s } from './dom.js';
import { t, lang, number } from './i18n.js';
import {
  symbolMap, sohmaCard, tohruCard, playCard, cardLabel, SOHMA_W, SOHMA_H, TOHRU_W, TOHRU_H,
} from './cards.js';
import { sohmaName, animalName, conditionWords, sideWord, tohruSide } from './zodiac-words.js';

const FRIENDSHIP_CARDS = 4;   // beside each Sohma, per set of cards (52 over 13)

/** A table's word in the page's language: its translation when the set has one. */
function word(table, field) {
  if (!table || typeof table !== 'object') return '';
  const said = table[lang] && typeof table[lang] === 'object' ? table[lang][field] : undefined;
  return typeof said === 'string' && said ? said : String(table[field] ?? '');
}

/** The file's condition ({kind, …}) as a view gives it ({code, args}), for conditionWords. */
function conditionView(condition, centerMost) {
  if (!condition || typeof condition !== 'object') return null;
  switch (condition.kind) {
    case 'friend_of': return { code: 'friend_of', args: { sohma: condition.sohma } };
    case 'min_friendships': return { code: 'min_friendships', args: { count: condition.count } };
    case 'tohru_side': return { code: 'tohru_side', args: { side: condition.side } };
    case 'center_count': {
      const low = condition.at_least ?? 0;
      const high = condition.at_most ?? centerMost;
      return high >= centerMost ? { code: 'center_at_least', args: { count: low } }
        : { code: 'center_between', args: { low, high } };
    }
    default: return null;
  }
}

/** A drawn card that, clicked, takes the reader to its fields. */
function cardButton(svgEl, label, path, ctx, copies) {
  const button = h('button', { type: 'button', class: 'ed-card-face', 'aria-label': label, 'data-card': path },
    svgEl, copies > 1 ? h('span', { class: 'ed-copies', 'aria-hidden': 'true' }, `×${copies}`) : null);
  button.addEventListener('click', () => ctx.focus(path));
  return button;
}

function section(title, count, children) {
  return h('section', { class: 'ed-cards-section' },
    h('h3', {}, count === null ? title : t('editor.cards.count', { what: title, count })),
    h('div', { class: 'ed-cards-grid' }, children));
}

function copiesOf(card) {
  return Number.isInteger(card.count) && card.count > 0 ? card.count : 1;
}

/** Draw every card of the set `doc` into `root`; ctx = {form, focus(path)}. */
export function drawCards(root, doc, ctx) {
  const symbols = symbolMap((doc.symbols || []).filter((sym) => sym && sym.id)
    .map((sym) => ({ ...sym, name: word(sym, 'name') || sym.id })));
  const memories = (doc.memories || []).map((m, i) => {
    if (!m || typeof m !== 'object') return null;
    const card = { type: 'memory', symbol: m.symbol, text: word(m, 'text') };
    const name = word(m, 'name') || t('editor.cards.unnamed');
    const label = t('editor.cards.copies', { card: cardLabel(name, card, symbols), count: copiesOf(m) });
    return cardButton(playCard(name, card, symbols), label, `memories[${i}]`, ctx, copiesOf(m));
  });
  const events = (doc.events || []).map((e, i) => {
    if (!e || typeof e !== 'object') return null;
    const card = { type: 'event', text: word(e, 'text') };
    const name = word(e, 'name') || t('editor.cards.unnamed');
    const label = t('editor.cards.copies', { card: cardLabel(name, card, symbols), count: copiesOf(e) });
    return cardButton(playCard(name, card, symbols), label, `events[${i}]`, ctx, copiesOf(e));
  });
  const count = (list) => list.reduce((n, c) => n + (c && typeof c === 'object' ? copiesOf(c) : 0), 0);
  root.replaceChildren(
    section(t('editor.cards.memories'), count(doc.memories || []), memories),
    section(t('editor.cards.events'), count(doc.events || []), events),
    section(t('editor.cards.sohmas'), null, sohmaCards(doc, symbols, ctx)),
    section(t('editor.cards.tohru'), null, tohruCards(doc, symbols, ctx)));
}

/** Both sides of each Sohma, in the circle's order. */
function sohmaCards(doc, symbols, ctx) {
  const centerMost = ctx.form.schema.$defs.CenterCount.properties.at_most.maximum;
  const sohmas = doc.sohmas && typeof doc.sohmas === 'object' ? doc.sohmas : {};
  return ctx.form.catalog.sohmas.map((info) => {
    const card = sohmas[info.name] || {};
    const sides = ['human', 'animal'].map((side) => {
      const other = side === 'human' ? 'animal' : 'human';
      const face = card[side] || {};
      const condition = conditionWords(conditionView(face.condition, centerMost));
      const drawn = {
        name: sohmaName(info.name), side, stack: FRIENDSHIP_CARDS,
        needs: Array.isArray(face.needs) ? face.needs : [],
        other_needs: card[other] && Array.isArray(card[other].needs) ? card[other].needs : [],
        condition: condition || null,
      };
      const svgEl = s('svg', { viewBox: `0 0 ${SOHMA_W} ${SOHMA_H}`, class: 'card-svg', role: 'img',
        'aria-label': t('editor.cards.sohma_side', { sohma: sohmaName(info.name), side: sideWord(side),
          symbols: drawn.needs.map((id) => (symbols[id] ? symbols[id].name : id)).join(', ') || '—',
          condition: condition || t('editor.cards.no_condition') }) },
      sohmaCard(drawn, { animal: animalName(info.animal) }, symbols));
      return cardButton(svgEl, svgEl.getAttribute('aria-label'), `sohmas.${info.name}.${side}`, ctx, 1);
    });
    return h('div', { class: 'ed-sohma-pair' }, sides);
  });
}

/** Tohru's two sides (the rulebook's card when the set leaves hers out). */
function tohruCards(doc, symbols, ctx) {
  const fallback = ctx.form.schema.properties.tohru.default || {};
  const tohru = doc.tohru && typeof doc.tohru === 'object' ? doc.tohru : fallback;
  const info = {};
  for (const side of ['front', 'back']) {
    const face = tohru[side] || fallback[side] || {};
    info[side] = { name: word(face, 'name'), text: word(face, 'text') };
  }
  return ['front', 'back'].map((side) => {
    const svgEl = s('svg', { viewBox: `0 0 ${TOHRU_W} ${TOHRU_H}`, class: 'card-svg', role: 'img',
      'aria-label': t('editor.cards.tohru_side', { side: tohruSide(side), name: info[side].name, text: info[side].text }) },
    tohruCard(side, info, symbols));
    return cardButton(svgEl, svgEl.getAttribute('aria-label'), `tohru.${side}`, ctx, 1);
  });
}

/** A card of the set named in the page's language (its name is its identity in the file). */
export function cardName(doc, name) {
  for (const list of [doc.memories || [], doc.events || []]) {
    const card = list.find((c) => c && c.name === name);
    if (card) return word(card, 'name');
  }
  return name;
}

const percent = (x) => number(x, { style: 'percent', maximumFractionDigits: 1 });

/** The game's parts of a measure's report: the Sohmas' shares, and the round cap. */
export function reportSections(data) {
  const out = [];
  const befriended = data.befriended;
  if (befriended && befriended.share_by_sohma) {
    const intervals = befriended.share_ci95_by_sohma || {};
    const rows = Object.entries(befriended.share_by_sohma).map(([sohma, share]) => {
      const ci = intervals[sohma];
      return h('tr', {},
        h('th', { scope: 'row' }, sohmaName(sohma)),
        h('td', { class: 'num' }, percent(share)),
        h('td', { class: 'num' }, ci ? t('editor.report.interval', { low: percent(ci[0]), high: percent(ci[1]) }) : '—'),
        h('td', { class: 'num' }, number((befriended.by_sohma || {})[sohma] ?? 0)),
        h('td', { 'aria-hidden': 'true' }, h('span', { class: 'ed-bar', style: { width: `${Math.min(100, share * 400)}%` } })));
    });
    out.push(h('section', { class: 'ed-report-part' },
      h('table', { class: 'ed-report-table' }, h('caption', {}, t('editor.report.sohmas')),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('editor.report.sohma')),
          h('th', { scope: 'col' }, t('editor.report.share')), h('th', { scope: 'col' }, t('editor.report.ci')),
          h('th', { scope: 'col' }, t('editor.report.befriendings')), h('td', {}))),
        h('tbody', {}, rows)),
      h('p', { class: 'muted small' }, t('editor.report.sohmas_help', { fair: percent(1 / 13) }))));
  }
  if (data.truncation) {
    const r = data.truncation;
    out.push(h('p', { class: 'ed-report-line' }, t('editor.report.truncated', { rate: percent(r.rate),
      low: percent(r.ci95[0]), high: percent(r.ci95[1]) })));
  }
  if (data.coop) {
    const r = data.coop;
    out.push(h('p', { class: 'ed-report-line' }, t('editor.report.coop', { rate: percent(r.rate),
      low: percent(r.ci95[0]), high: percent(r.ci95[1]) })));
  }
  return out;
}
