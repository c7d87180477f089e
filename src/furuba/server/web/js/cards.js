// @ts-check
// Card faces drawn as SVG from the table's catalog (so a transcribed card set shows its own names);
// the words printed around those names are the page's catalog's (i18n.js).
import { t } from './i18n.js';
import { s, wrap } from './dom.js';

export const RED_SUITS = new Set(['♦', '♥']);

/** symbols by id, from the catalog (or a view): {id: {id, name, glyph, color}} */
export function symbolMap(list) {
  const out = {};
  for (const sym of list || []) out[sym.id] = sym;
  out.wild = { id: 'wild', name: t('table.cards.wild'), glyph: '✱', color: '#8a5bd6' };
  return out;
}

/** A round memory symbol: coloured disc with its glyph. */
export function symbolDisc(sym, x, y, r, extra = {}) {
  const fillColour = sym ? sym.color : '#999';
  return s('g', { class: 'symbol', ...extra },
    s('circle', { cx: x, cy: y, r, fill: fillColour, stroke: '#fff', 'stroke-width': Math.max(1, r / 8) }),
    s('text', { x, y: y + r * 0.36, 'text-anchor': 'middle', 'font-size': r * 1.05, fill: '#fff',
      'aria-hidden': 'true' }, sym ? sym.glyph : '?'),
    s('title', {}, sym ? sym.name : t('table.cards.symbol')));
}

function lines(x, y, textLines, size, attrs = {}) {
  return textLines.map((line, i) => s('text', { x, y: y + i * size * 1.2, 'font-size': size, ...attrs }, line));
}

function frame(w, h, cls, attrs = {}) {
  return s('rect', { x: 1.5, y: 1.5, width: w - 3, height: h - 3, rx: 9, class: cls, ...attrs });
}

// -- Friends of the Zodiac --------------------------------------------------------------------

export const SOHMA_W = 124;
export const SOHMA_H = 160;

/**
 * A Sohma card in the circle: name, side, the large symbols its face-up side needs, the small
 * symbols of its other side, its condition and how many friendship cards are left beside it.
 */
export function sohmaCard(sohma, info, symbols) {
  const animal = sohma.side === 'animal';
  const g = s('g', { class: `sohma-card side-${sohma.side}` });
  g.append(frame(SOHMA_W, SOHMA_H, 'card-frame'));
  g.append(s('rect', { x: 1.5, y: 1.5, width: SOHMA_W - 3, height: 34, rx: 9, class: 'sohma-band' }));
  const title = animal ? (info ? info.animal : sohma.name) : sohma.name;
  const sub = animal ? t('table.cards.animal_side', { name: sohma.name }) : t('table.cards.human_side', { animal: info ? info.animal : '' });
  g.append(s('text', { x: SOHMA_W / 2, y: 21, 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 700,
    class: 'sohma-name' }, title));
  g.append(s('text', { x: SOHMA_W / 2, y: 48, 'text-anchor': 'middle', 'font-size': 11,
    class: 'muted-text' }, sub));
  // Large symbols: what the face-up side asks for (rows of three).
  const needs = sohma.needs || [];
  const r = 15;
  needs.forEach((id, i) => {
    const row = Math.floor(i / 3);
    const inRow = Math.min(3, needs.length - row * 3);
    const col = i % 3;
    const x = SOHMA_W / 2 + (col - (inRow - 1) / 2) * 35;
    g.append(symbolDisc(symbols[id], x, 72 + row * 34, r));
  });
  // Small symbols: what the other side will ask for.
  const other = sohma.other_needs || [];
  g.append(s('text', { x: 8, y: 132, 'font-size': 9.5, class: 'muted-text' }, t('table.cards.flip')));
  const step = other.length > 4 ? 12 : 15;
  other.forEach((id, i) => g.append(symbolDisc(symbols[id], 38 + i * step, 128.5, other.length > 4 ? 5.5 : 6.5)));
  // Friendship cards left beside the Sohma.
  g.append(s('g', { class: 'stack-badge' },
    s('rect', { x: SOHMA_W - 27, y: 120, width: 22, height: 17, rx: 4 }),
    s('text', { x: SOHMA_W - 16, y: 132.5, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700 }, `${sohma.stack}`),
    s('title', {}, t('table.cards.stack', { count: sohma.stack }))));
  if (sohma.condition) {
    g.append(...lines(SOHMA_W / 2, 151, wrap(sohma.condition, 25, 1), 9.5, { class: 'condition-text', 'text-anchor': 'middle' }));
  }
  return g;
}

export const TOHRU_W = 84;
export const TOHRU_H = 112;

/** Tohru's card with the side that is up: blue ribbons on the front, the wild symbol on the back. */
export function tohruCard(side, info, symbols) {
  const g = s('g', { class: `tohru-card tohru-${side}` });
  g.append(frame(TOHRU_W, TOHRU_H, 'card-frame tohru-frame'));
  g.append(s('text', { x: TOHRU_W / 2, y: 20, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700,
 }, t('table.cards.tohru')));
  if (side === 'front') {
    // Two blue ribbons.
    for (const dx of [-16, 16]) {
      const cx = TOHRU_W / 2 + dx;
      g.append(s('path', { d: `M${cx} 52 l-11 -9 v18 z M${cx} 52 l11 -9 v18 z`, fill: '#2f6fd0' }));
      g.append(s('circle', { cx, cy: 52, r: 3.5, fill: '#1d4f9e' }));
    }
  } else {
    g.append(symbolDisc(symbols.wild, TOHRU_W / 2, 52, 17));
  }
  const label = info ? info[side].name : side;
  g.append(...lines(TOHRU_W / 2, 86, wrap(label, 14, 2), 10.5, { 'text-anchor': 'middle', class: 'muted-text' }));
  return g;
}

/** A play card (memory or event) as a standalone <svg>. */
export function playCard(name, card, symbols, opts = {}) {
  const w = 112;
  const h = 156;
  const type = card ? card.type : 'unknown';
  const svgEl = s('svg', { viewBox: `0 0 ${w} ${h}`, class: `card-svg play-card ${type}`, role: 'img',
    'aria-label': cardLabel(name, card, symbols), width: opts.width, height: opts.height });
  svgEl.append(frame(w, h, 'card-frame'));
  svgEl.append(s('text', { x: 9, y: 17, 'font-size': 9.5, class: 'card-type',
    'letter-spacing': 1 }, type === 'memory' ? t('table.cards.memory_band') : type === 'event' ? t('table.cards.event_band') : ''));
  const titleLines = wrap(name, 13, 3);
  svgEl.append(...lines(w / 2, 36, titleLines, 13, { 'text-anchor': 'middle', 'font-weight': 700 }));
  const y0 = 36 + titleLines.length * 15.6;
  if (type === 'memory') {
    const sym = symbols[card.symbol];
    svgEl.append(symbolDisc(sym, w / 2, y0 + 30, 24));
    svgEl.append(s('text', { x: w / 2, y: y0 + 72, 'text-anchor': 'middle', 'font-size': 10.5,
      class: 'muted-text' }, sym ? sym.name : ''));
  } else if (card && card.text) {
    svgEl.append(...lines(8, y0 + 8, wrap(card.text, 19, Math.floor((h - y0 - 12) / 11.5)), 9.5, { class: 'card-text' }));
  }
  return svgEl;
}

export function cardLabel(name, card, symbols) {
  if (!card) return name;
  if (card.type === 'memory') {
    const sym = symbols[card.symbol];
    return t('table.cards.memory_label', { name, symbol: sym ? sym.name : card.symbol });
  }
  return t('table.cards.event_label', { name, text: card.text });
}

/** A friendship card won: small, with rank and suit, the Sohma's name and the side it was won on. */
export function friendshipCard(f, opts = {}) {
  const w = opts.width || 46;
  const h = opts.height || 64;
  const suit = f.card.slice(-1);
  const rank = f.card.slice(0, -1);
  const red = RED_SUITS.has(suit);
  const svgEl = s('svg', { viewBox: `0 0 ${w} ${h}`, class: 'card-svg friend-card', role: 'img',
    'aria-label': f.side === 'animal' ? t('table.cards.won_animal', { sohma: f.sohma, card: f.card })
      : t('table.cards.won_human', { sohma: f.sohma, card: f.card }) });
  svgEl.append(frame(w, h, 'card-frame'));
  svgEl.append(s('text', { x: 6, y: 16, 'font-size': 13, 'font-weight': 700,
    fill: red ? '#c62f3b' : '#222' }, rank + suit));
  svgEl.append(s('text', { x: w / 2, y: h - 10, 'text-anchor': 'middle', 'font-size': 9 },
    f.sohma.length > 8 ? f.sohma.slice(0, 7) + '.' : f.sohma));
  svgEl.append(s('circle', { cx: w / 2, cy: 33, r: 8, class: f.side === 'animal' ? 'won-animal' : 'won-human' }));
  return svgEl;
}

/** A face-down card with a count (the deck, another player's hand). */
export function cardBack(count, opts = {}) {
  const w = opts.width || 70;
  const h = opts.height || 98;
  const svgEl = s('svg', { viewBox: `0 0 ${w} ${h}`, class: 'card-svg card-back', role: 'img',
    'aria-label': opts.label || t('table.cards.count', { count }) });
  svgEl.append(frame(w, h, 'back-frame'));
  svgEl.append(s('rect', { x: 7, y: 7, width: w - 14, height: h - 14, rx: 6, class: 'back-inner' }));
  svgEl.append(s('text', { x: w / 2, y: h / 2 + 7, 'text-anchor': 'middle', 'font-size': 20, 'font-weight': 700,
    class: 'back-count' }, String(count)));
  return svgEl;
}

// -- Dai Hin Min ------------------------------------------------------------------------------

/** A friendship card used as a playing card (or a joker), drawn from the catalog: its rank and suit
 * (playing_cards), the Sohma whose card it is (friendship_cards) and a joker's name (jokers). */
export function playingCard(name, catalog, opts = {}) {
  const w = opts.width || 64;
  const h = opts.height || 92;
  const c = (catalog && catalog.playing_cards && catalog.playing_cards[name]) || { rank: name, suit: '', joker: null };
  const joker = c.rank === null;
  const svgEl = s('svg', { viewBox: `0 0 ${w} ${h}`, class: `card-svg playing-card${joker ? ' joker' : ''}`,
    role: 'img' });
  svgEl.append(frame(w, h, 'card-frame'));
  if (joker) {
    const j = catalog && catalog.jokers ? catalog.jokers[c.joker || 0] : null;
    const who = j ? j.name : t('table.cards.joker');
    svgEl.setAttribute('aria-label', t('table.cards.joker_label', { name: who }));
    svgEl.append(s('text', { x: w / 2, y: 20, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700,
      class: 'joker-text' }, t('table.cards.joker_band')));
    svgEl.append(s('text', { x: w / 2, y: 52, 'text-anchor': 'middle', 'font-size': 24,
      class: 'joker-text' }, '✦'));
    svgEl.append(...lines(w / 2, h - 22, wrap(who, 10, 2), 9, { 'text-anchor': 'middle' }));
    return svgEl;
  }
  const red = RED_SUITS.has(c.suit);
  const colour = red ? '#c62f3b' : '#222';
  const card = catalog && catalog.friendship_cards ? catalog.friendship_cards.find((f) => f.label === name) : null;
  const sohma = card ? card.sohma : null;
  svgEl.setAttribute('aria-label', `${c.rank}${c.suit}${sohma ? ` (${sohma})` : ''}`);
  svgEl.append(s('text', { x: 6, y: 18, 'font-size': 16, 'font-weight': 700, fill: colour }, c.rank));
  svgEl.append(s('text', { x: 6, y: 33, 'font-size': 14, fill: colour }, c.suit));
  svgEl.append(s('text', { x: w / 2 + 6, y: h / 2 + 10, 'text-anchor': 'middle', 'font-size': 28,
    fill: colour, opacity: 0.85 }, c.suit));
  if (sohma) {
    svgEl.append(s('text', { x: w / 2, y: h - 8, 'text-anchor': 'middle', 'font-size': 9,
      class: 'muted-text' }, sohma.length > 9 ? sohma.slice(0, 8) + '.' : sohma));
  }
  return svgEl;
}
