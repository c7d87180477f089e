// Friends of the Zodiac on a narrow screen. The circle of 13 Sohmas shrinks to unreadable sizes on a
// phone, so there the Sohmas become a ring of cards around a square table: a 4 × 5 grid whose
// outer cells run clockwise from Yuki at the top (as in the circle), with Tohru and the memories in
// the center inside the ring. Text is HTML at fixed sizes, so it stays legible whatever the width.
import { h, s } from './dom.js';
import { tohruCard, TOHRU_W, TOHRU_H } from './cards.js';

/** The screens that get the ring instead of the circle. */
export const NARROW_QUERY = '(max-width: 640px)';

export function narrowScreen() {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
}

/** Re-render when the screen crosses the narrow breakpoint (a phone turned, a window resized). */
export function onNarrowChange(render) {
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(NARROW_QUERY).addEventListener('change', () => render());
}

// [row, column] of each Sohma, clockwise round the edge of the grid from the top row; the
// top-left corner (between Kyo and Yuki, like the gap in the circle) holds the legend.
const SLOTS = [[1, 2], [1, 3], [1, 4], [2, 4], [3, 4], [4, 4], [5, 4], [5, 3], [5, 2], [5, 1], [4, 1], [3, 1], [2, 1]];

let lastTohru = null;   // where Tohru stood at the last drawing (to mark her move once)

/** A memory symbol as a small coloured disc with its glyph. */
function symbol(sym, size) {
  return h('span', { class: `sym ${size}`, style: { background: sym ? sym.color : '#999' }, title: sym ? sym.name : 'symbol',
    'aria-hidden': 'true' }, sym ? sym.glyph : '?');
}

function place(row, col) {
  return { gridRow: String(row), gridColumn: String(col) };
}

/** One Sohma's card in the ring: a button when choosing it is legal, else a card that tapped shows its details. */
function sohmaCell(sohma, i, o) {
  const info = o.catalog.sohmas ? o.catalog.sohmas[i] : null;
  const animal = sohma.side === 'animal';
  const here = o.view.tohru.sohma === i;
  const next = o.next === sohma.name;
  const title = animal ? (info ? info.animal : sohma.name) : sohma.name;
  const sub = animal ? sohma.name : (info ? info.animal : '');   // the side shows in the card's colour
  const words = `${o.words(sohma, info, here)}${next ? '; where "Move Tohru" goes' : ''}`;
  const choose = o.choice(sohma.name);
  const selectable = !!choose;
  const classes = ['ring-sohma', `side-${sohma.side}`];
  if (here) classes.push('tohru-here');
  if (here && lastTohru !== null && lastTohru !== i) classes.push('arrived');
  if (next) classes.push('next-up');
  if (selectable) classes.push('selectable');
  const content = [
    h('span', { class: 'ring-band' }, h('span', { class: 'ring-name' }, title)),
    h('span', { class: 'ring-sub' }, sub),
    h('span', { class: 'ring-needs' }, (sohma.needs || []).map((id) => symbol(o.symbols[id], 'big'))),
    h('span', { class: 'ring-foot' },
      h('span', { class: 'ring-flip', title: 'Its other side needs these' },
        (sohma.other_needs || []).map((id) => symbol(o.symbols[id], 'small'))),
      h('span', { class: 'ring-stack', title: `${sohma.stack} friendship cards left` }, String(sohma.stack))),
    sohma.condition ? h('span', { class: 'ring-cond' }, sohma.condition) : '',
    here ? h('span', { class: 'ring-tohru-tag', 'aria-hidden': 'true' }, 'Tohru') : '',
  ];
  const [row, col] = SLOTS[i % SLOTS.length];
  if (selectable) {
    return h('button', { type: 'button', class: classes.join(' '), style: place(row, col), 'data-sohma': sohma.name,
      'data-action': choose.text, 'data-action-id': choose.id, 'data-key': `sohma:${sohma.name}`, onclick: () => o.act(choose),
      'aria-label': `${o.verb} ${sohma.name}. ${words}` }, content);
  }
  return h('div', { class: classes.join(' '), style: place(row, col), 'data-sohma': sohma.name, role: 'img',
    'aria-label': words, title: words, onclick: () => { o.detail.textContent = words; } }, content);
}

/** Tohru's card and what her side does, inside the ring. */
function tohruBlock(o) {
  const { tohru } = o.view;
  const card = s('svg', { viewBox: `0 0 ${TOHRU_W} ${TOHRU_H}`, class: 'card-svg ring-tohru-card', role: 'img',
    'aria-label': `Tohru, ${tohru.side} side up` }, tohruCard(tohru.side, o.catalog.tohru, o.symbols));
  const does = o.catalog.tohru ? o.catalog.tohru[tohru.side].text : '';   // what the card set says her side does
  return h('div', { class: 'ring-tohru tohru' }, card,
    h('p', {}, 'Tohru is next to ', h('strong', {}, tohru.name), '. ', h('span', { class: 'muted' }, does)));
}

/** The memories in the center (at most 4), as named symbols; a button each when one must be put away. */
function centerBlock(o) {
  const { view, cards } = o;
  const list = h('div', { class: 'ring-memories' });
  for (let k = 0; k < Math.max(o.limits.center || 0, view.center.length); k++) {
    const name = view.center[k];
    if (!name) {
      list.append(h('span', { class: 'ring-memory empty' }, 'empty'));
      continue;
    }
    const card = cards[name];
    const sym = card ? o.symbols[card.symbol] : null;
    const put = o.putAway(name);
    const content = [symbol(sym, 'big'), h('span', { class: 'ring-memory-name' }, name)];
    if (put) {
      list.append(h('button', { type: 'button', class: 'ring-memory center-card selectable', 'data-memory': name,
        'data-action': put.text, 'data-action-id': put.id, 'data-key': `center:${name}`, onclick: () => o.act(put), 'aria-label': `Put ${name} away` }, content));
    } else {
      list.append(h('span', { class: 'ring-memory center-card', 'data-memory': name,
        title: sym ? `${name}: ${sym.name}` : name }, content));
    }
  }
  return h('div', { class: 'ring-center' },
    h('p', { class: 'center-label' }, `Memories in the center (${view.center.length}${o.limits.center ? `/${o.limits.center}` : ''})`), list);
}

/**
 * The ring of Sohma cards with Tohru and the center inside, and the line that tells what a tapped
 * Sohma needs. o: {view, catalog, cards, symbols, choice(sohma name), putAway(memory name) — the legal
 * action or null —, act(action), next (where "Move Tohru" goes, when it may), words(sohma, info, here), verb}
 */
export function ringBoard(o) {
  const detail = h('p', { class: 'sohma-detail', 'aria-live': 'polite' },
    'Tap a Sohma to read it. Blue cards show the human side, orange the animal side. Large symbols: what the side up needs; small: the other side; the number: friendship cards left.');
  const ring = h('div', { class: 'ring', role: 'group',
    'aria-label': `The circle of Sohmas, clockwise from Yuki. Tohru is next to ${o.view.tohru.name}, ${o.view.tohru.side} side up.` });
  ring.append(h('div', { class: 'ring-legend', style: place(1, 1), 'aria-hidden': 'true' },
    h('span', { class: 'ring-arrow' }, '↻'), 'clockwise'));
  const cells = { ...o, detail };
  o.view.sohmas.forEach((sohma, i) => ring.append(sohmaCell(sohma, i, cells)));
  ring.append(h('div', { class: 'ring-middle', style: { gridRow: '2 / 5', gridColumn: '2 / 4' } },
    tohruBlock(o), centerBlock(o)));
  lastTohru = o.view.tohru.sohma;
  return h('div', { class: 'board-wrap ring-wrap' }, ring, detail);
}
