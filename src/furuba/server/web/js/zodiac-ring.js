// @ts-check
// Friends of the Zodiac on a narrow screen. The circle of 13 Sohmas shrinks to unreadable sizes on a
// phone, so there the Sohmas become a ring of cards around a square table: a 4 × 5 grid whose
// outer cells run clockwise from Yuki at the top (as in the circle), with Tohru and the memories in
// the center inside the ring. Text is HTML at fixed sizes, so it stays legible whatever the width.
import { h, s } from './dom.js';
import { t, parts } from './i18n.js';
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

/** A memory symbol as a small coloured disc with its glyph. */
function symbol(sym, size) {
  return h('span', { class: `sym ${size}`, style: { background: sym ? sym.color : '#999' }, title: sym ? sym.name : '',
    'aria-hidden': 'true' }, sym ? sym.glyph : '?');
}

function place(row, col) {
  return { gridRow: String(row), gridColumn: String(col) };
}

/** One Sohma's card in the ring: a button when choosing it is legal, else a card that tapped shows its details. */
function sohmaCell(sohma, i, o) {
  const info = o.said.sohmas ? o.said.sohmas[i] : null;
  const animal = sohma.side === 'animal';
  const here = o.view.tohru.sohma === i;
  const next = o.next === sohma.name;
  const name = o.sohmaName(sohma.name);
  const title = animal ? (info ? info.animal : name) : name;
  const sub = animal ? name : (info ? info.animal : '');   // the side shows in the card's colour
  const words = next ? t('zodiac.ring.next_up', { words: o.words(sohma, here) }) : o.words(sohma, here);
  const choose = o.choice(sohma.name);
  const selectable = !!choose;
  const classes = ['ring-sohma', `side-${sohma.side}`];
  if (here) classes.push('tohru-here');
  if (here && o.kept.tohru !== null && o.kept.tohru !== i) classes.push('arrived');
  if (next) classes.push('next-up');
  if (selectable) classes.push('selectable');
  const content = [
    h('span', { class: 'ring-band' }, h('span', { class: 'ring-name' }, title)),
    h('span', { class: 'ring-sub' }, sub),
    h('span', { class: 'ring-needs' }, (sohma.needs || []).map((id) => symbol(o.symbols[id], 'big'))),
    h('span', { class: 'ring-foot' },
      h('span', { class: 'ring-flip', title: t('zodiac.ring.other_side') },
        (sohma.other_needs || []).map((id) => symbol(o.symbols[id], 'small'))),
      h('span', { class: 'ring-stack', title: t('zodiac.sohma_words.left', { count: sohma.stack }) }, String(sohma.stack))),
    sohma.condition ? h('span', { class: 'ring-cond' }, o.conditionWords(sohma.condition)) : '',
    here ? h('span', { class: 'ring-tohru-tag', 'aria-hidden': 'true' }, t('zodiac.tohru')) : '',
  ];
  const [row, col] = SLOTS[i % SLOTS.length];
  if (selectable) {
    return h('button', { type: 'button', class: classes.join(' '), style: place(row, col), 'data-sohma': sohma.name,
      'data-action': choose.text, 'data-action-id': choose.id, 'data-key': `sohma:${sohma.name}`, onclick: () => o.act(choose),
      'aria-label': `${o.verb(sohma)} ${words}` }, content);
  }
  return h('div', { class: classes.join(' '), style: place(row, col), 'data-sohma': sohma.name, role: 'img',
    'aria-label': words, title: words, onclick: () => { o.detail.textContent = words; } }, content);
}

/** Tohru's card and what her side does, inside the ring. */
function tohruBlock(o) {
  const { tohru } = o.view;
  const card = s('svg', { viewBox: `0 0 ${TOHRU_W} ${TOHRU_H}`, class: 'card-svg ring-tohru-card', role: 'img',
    'aria-label': t('zodiac.ring.tohru_card', { side: o.tohruSide(tohru.side) }) }, tohruCard(tohru.side, o.said.tohru, o.symbols));
  const does = o.said.tohru ? o.said.tohru[tohru.side].text : '';   // what the card set says her side does
  return h('div', { class: 'ring-tohru tohru' }, card,
    h('p', {}, parts('zodiac.ring.tohru_next', { sohma: h('strong', {}, o.sohmaName(tohru.sohma)) }), ' ',
      h('span', { class: 'muted' }, does)));
}

/** The memories in the center (at most 4), as named symbols; a button each when one must be put away. */
function centerBlock(o) {
  const { view, cards } = o;
  const list = h('div', { class: 'ring-memories' });
  for (let k = 0; k < Math.max(o.limits.center || 0, view.center.length); k++) {
    const name = view.center[k];
    if (!name) {
      list.append(h('span', { class: 'ring-memory empty' }, t('zodiac.ring.empty')));
      continue;
    }
    const card = cards[name];
    const sym = card ? o.symbols[card.symbol] : null;
    const put = o.putAway(name);
    const said = o.say(name);
    const content = [symbol(sym, 'big'), h('span', { class: 'ring-memory-name' }, said)];
    if (put) {
      list.append(h('button', { type: 'button', class: 'ring-memory center-card selectable', 'data-memory': name,
        'data-action': put.text, 'data-action-id': put.id, 'data-key': `center:${name}`, onclick: () => o.act(put),
        'aria-label': t('zodiac.button.put_away', { card: said }) }, content));
    } else {
      list.append(h('span', { class: 'ring-memory center-card', 'data-memory': name,
        title: sym ? t('zodiac.memory_title', { card: said, symbol: sym.name }) : said }, content));
    }
  }
  const shown = `${view.center.length}${o.limits.center ? `/${o.limits.center}` : ''}`;
  return h('div', { class: 'ring-center' }, h('p', { class: 'center-label' }, t('zodiac.center', { shown })), list);
}

/**
 * The ring of Sohma cards with Tohru and the center inside, and the line that tells what a tapped
 * Sohma needs. o: {view, said (the card set's words said: symbols, cards, tohru, sohmas), cards,
 * symbols, say(card-set text), sohmaName(name or place), tohruSide(side), conditionWords(condition) —
 * the game's words —, choice(sohma name), putAway(memory name) — the legal action or null —,
 * act(action), next (where "Move Tohru" goes, when it may), words(sohma, here), verb(sohma),
 * kept ({tohru}: where Tohru stood at the table's last drawing; this drawing updates it)}
 */
export function ringBoard(o) {
  const detail = h('p', { class: 'sohma-detail', 'aria-live': 'polite' }, t('zodiac.ring.detail'));
  const ring = h('div', { class: 'ring', role: 'group',
    'aria-label': t('zodiac.ring.label', { sohma: o.sohmaName(o.view.tohru.sohma), side: o.tohruSide(o.view.tohru.side) }) });
  ring.append(h('div', { class: 'ring-legend', style: place(1, 1), 'aria-hidden': 'true' },
    h('span', { class: 'ring-arrow' }, '↻'), t('zodiac.ring.clockwise')));
  const cells = { ...o, detail };
  o.view.sohmas.forEach((sohma, i) => ring.append(sohmaCell(sohma, i, cells)));
  ring.append(h('div', { class: 'ring-middle', style: { gridRow: '2 / 5', gridColumn: '2 / 4' } },
    tohruBlock(o), centerBlock(o)));
  o.kept.tohru = o.view.tohru.sohma;   // where Tohru stood at this drawing (to mark her move once)
  return h('div', { class: 'board-wrap ring-wrap' }, ring, detail);
}
