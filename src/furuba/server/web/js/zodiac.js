// @ts-check
// Friends of the Zodiac: the circle of 13 Sohmas, Tohru, the center, your hand, the piles and
// everyone's friendships. Only legal actions are clickable; every choice is asked in the prompt bar.
import { h, s, asButton, capital } from './dom.js';
import { t, list } from './i18n.js';
import {
  symbolMap, sohmaCard, tohruCard, playCard, friendshipCard, cardBack, symbolDisc,
  SOHMA_W, SOHMA_H, TOHRU_W, TOHRU_H,
} from './cards.js';
import { narrowScreen, ringBoard, onNarrowChange } from './zodiac-ring.js';
import {
  sayer, sohmaName, animalName, sideWord, tohruSide, playerName, who, conditionWords,
  log, actionWords, cardWords, result,
} from './zodiac-words.js';

export { log, actionWords, cardWords, result };

/**
 * What this module keeps of a table between two drawings, in the page's `ctx.memory` (one per
 * table, games.js): the True Friends prompts this player chose not to answer, and where Tohru
 * stood at the last drawing (the ring marks her move once).
 * @typedef {{skipped: Set<string>, tohru: number | null}} Kept
 * @param {{memory?: Record<string, unknown>}} ctx
 * @returns {Kept}
 */
function keptOf(ctx) {
  const memory = ctx.memory ?? {};
  memory.zodiac ??= { skipped: new Set(), tohru: null };
  return /** @type {Kept} */ (memory.zodiac);
}

const W = 1000;
const H = 960;
const CX = 500;
const CY = 470;
const RX = 400;
const RY = 360;

/** "3/4" when the limit is known, else "3". */
const outOf = (n, limit) => (limit ? `${n}/${limit}` : String(n));

function angle(i, count) {
  return (-90 + (i * 360) / count) * (Math.PI / 180);
}

function symbolNames(ids, symbols) {
  const counts = {};
  for (const id of ids) counts[id] = (counts[id] || 0) + 1;
  return list(Object.entries(counts).map(([id, n]) => {
    const name = symbols[id] ? symbols[id].name : id;
    return n > 1 ? t('zodiac.symbol_count', { name, count: n }) : name;
  }));
}

/** A Sohma in words: its name and animal, its side, what each side needs, its cards left. */
function sohmaWords(sohma, info, symbols, tohruHere) {
  const needs = symbolNames(sohma.needs, symbols);
  const parts = [t('zodiac.sohma_words.head', { name: sohmaName(sohma.name), animal: info ? info.animal : '',
    side: sideWord(sohma.side) }),
  t('zodiac.sohma_words.needs', { symbols: needs || t('zodiac.sohma_words.nothing') })];
  if (sohma.condition) parts.push(t('zodiac.sohma_words.condition', { condition: conditionWords(sohma.condition) }));
  const other = symbolNames(sohma.other_needs, symbols);
  parts.push(sohma.other_condition
    ? t('zodiac.sohma_words.other_condition', { symbols: other, condition: conditionWords(sohma.other_condition) })
    : t('zodiac.sohma_words.other', { symbols: other }));
  parts.push(t('zodiac.sohma_words.left', { count: sohma.stack }));
  if (tohruHere) parts.push(t('zodiac.sohma_words.tohru_here'));
  return parts.join(t('zodiac.sohma_words.separator'));
}

/** The card set's words in the page's language, for the card faces (cards.js draws what it is
 *  given): symbols, cards and Tohru's sides with their names and texts said. */
function saidCatalog(catalog, view, say) {
  const symbols = symbolMap(catalog.symbols || view.symbols);
  for (const [id, sym] of Object.entries(symbols)) {
    symbols[id] = { ...sym, name: id === 'wild' ? t('zodiac.wild') : say(sym.name) };
  }
  const cards = {};
  for (const [name, card] of Object.entries(catalog.cards || {})) {
    cards[name] = { ...card, text: say(card.text), prompt: say(card.prompt) };
  }
  const tohru = catalog.tohru ? Object.fromEntries(Object.entries(catalog.tohru)
    .map(([side, c]) => [side, { ...c, name: say(c.name), text: say(c.text) }])) : null;
  const sohmas = catalog.sohmas ? catalog.sohmas.map((x) => ({ ...x, animal: animalName(x.animal) })) : null;
  return { symbols, cards, tohru, sohmas };
}

/** A Sohma as cards.js draws it: its name and condition said. */
const saidSohma = (sohma) => ({ ...sohma, name: sohmaName(sohma.name), condition: conditionWords(sohma.condition) || null });

/** A friendship card as cards.js draws it: the Sohma's name said. */
const saidFriend = (f) => ({ ...f, sohma: sohmaName(f.sohma) });

/** The part of the W × H drawing that a circle of `count` Sohmas covers (their cards, with room
 *  for the frame that marks Tohru's), without the empty margins round it. */
function circleView(count) {
  if (!count) return `0 0 ${W} ${H}`;
  const xs = [];
  const ys = [];
  for (let i = 0; i < count; i++) {
    xs.push(CX + RX * Math.cos(angle(i, count)));
    ys.push(CY + RY * Math.sin(angle(i, count)));
  }
  const left = Math.floor(Math.max(0, Math.min(...xs) - SOHMA_W / 2 - 8));
  const top = Math.floor(Math.max(0, Math.min(...ys) - SOHMA_H / 2 - 8));
  const right = Math.ceil(Math.min(W, Math.max(...xs) + SOHMA_W / 2 + 8));
  const bottom = Math.ceil(Math.min(H, Math.max(...ys) + SOHMA_H / 2 + 8));
  return `${left} ${top} ${right - left} ${bottom - top}`;
}

let fitted = null;   // the element whose circle is kept to the window's height

/** Say the room the circle has (--circle-room): the window's height under the circle's top, the
 *  page unscrolled. Where the prompt and the hand stand beside the circle (a laptop's screen), the
 *  stylesheet makes it no taller, so that it shows whole at once; it is measured again whenever the
 *  window or what lies above the circle (the header, a tutorial's coach) changes size. */
function fitCircle(root) {
  const fit = () => {
    const board = root.querySelector('svg.board');
    if (!board) return;
    const top = board.getBoundingClientRect().top + window.scrollY;
    root.style.setProperty('--circle-room', `${Math.max(0, Math.floor(window.innerHeight - top - 10))}px`);
  };
  requestAnimationFrame(fit);   // after the table page has put the coach, if any, above the game
  if (fitted === root) return;
  fitted = root;
  const later = () => requestAnimationFrame(fit);
  window.addEventListener('resize', later);
  if (typeof ResizeObserver === 'function') new ResizeObserver(later).observe(document.body);
}

/** The circle of 13 Sohma cards as one SVG, Tohru inside it next to her Sohma, the center in the middle. */
function circleBoard(o) {
  const { view, said, cards, symbols, act, say } = o;
  const board = s('svg', { viewBox: circleView(view.sohmas.length), class: 'board', role: 'group',
    'aria-label': t('zodiac.board.label', { sohma: sohmaName(view.tohru.sohma), side: tohruSide(view.tohru.side) }) });
  board.append(s('ellipse', { cx: CX, cy: CY, rx: RX - 30, ry: RY - 40, class: 'table-felt' }));
  const detail = h('p', { class: 'sohma-detail', 'aria-live': 'polite' }, t('zodiac.board.detail'));
  view.sohmas.forEach((sohma, i) => {
    const info = said.sohmas ? said.sohmas[i] : null;
    const x = CX + RX * Math.cos(angle(i, view.sohmas.length)) - SOHMA_W / 2;
    const y = CY + RY * Math.sin(angle(i, view.sohmas.length)) - SOHMA_H / 2;
    const here = view.tohru.sohma === i;
    const card = sohmaCard(saidSohma(sohma), info, symbols);
    const g = s('g', { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
      class: `sohma${here ? ' tohru-here' : ''}`, 'data-sohma': sohma.name });
    g.append(card);
    const words = o.words(sohma, here);
    const choose = o.choice(sohma.name);
    if (choose) {
      g.classList.add('selectable');
      g.dataset.action = choose.text;
      g.dataset.actionId = choose.id;
      g.dataset.key = `sohma:${sohma.name}`;
      asButton(g, () => act(choose), `${o.verb(sohma)} ${words}`);
    } else {
      g.addEventListener('click', () => { detail.textContent = words; });
    }
    g.addEventListener('mouseenter', () => { detail.textContent = words; });
    g.addEventListener('focus', () => { detail.textContent = words; });
    g.append(s('title', {}, words));
    board.append(g);
  });
  // Tohru, inside the circle, next to her Sohma.
  const at = view.tohru.sohma;
  const tx = CX + RX * 0.63 * Math.cos(angle(at, view.sohmas.length)) - TOHRU_W / 2;
  const ty = CY + RY * 0.56 * Math.sin(angle(at, view.sohmas.length)) - TOHRU_H / 2;
  const tohru = s('g', { transform: `translate(${tx.toFixed(1)} ${ty.toFixed(1)})`, class: 'tohru' });
  tohru.append(tohruCard(view.tohru.side, said.tohru, symbols));
  tohru.append(s('title', {}, t('zodiac.board.tohru_title', { side: tohruSide(view.tohru.side),
    text: said.tohru ? said.tohru[view.tohru.side].text : '' })));
  board.append(tohru);
  // The center: its memories in a row as wide as the limit's (one more, about to be put away,
  // shrinks them all so that the row stays clear of Tohru).
  const room = o.limits.center || Math.max(view.center.length, 1);
  const slots = Math.max(room, view.center.length);
  const scale = Math.min(1, (room * 90 - 6) / (slots * 90 - 6));
  const cw = 84 * scale;
  const ch = 118 * scale;
  const pitch = 90 * scale;
  const left = CX - (slots * pitch - 6 * scale) / 2;
  board.append(s('text', { x: CX, y: CY - 56, 'text-anchor': 'middle', 'font-size': 15, class: 'center-label' },
    t('zodiac.center', { shown: outOf(view.center.length, o.limits.center) })));
  for (let k = 0; k < slots; k++) {
    const x = left + k * pitch;
    const y = CY - 44;
    const name = view.center[k];
    if (!name) {
      board.append(s('rect', { x, y, width: cw, height: ch, rx: 8, class: 'empty-slot' }));
      continue;
    }
    const face = playCard(say(name), cards[name], symbols, { width: cw, height: ch });
    face.setAttribute('x', x);
    face.setAttribute('y', y);
    face.setAttribute('width', cw);
    face.setAttribute('height', ch);
    const g = s('g', { class: 'center-card', 'data-memory': name }, face);
    const put = o.putAway(name);
    if (put) {
      g.classList.add('selectable');
      g.dataset.action = put.text;
      g.dataset.actionId = put.id;
      g.dataset.key = `center:${name}`;
      asButton(g, () => act(put), t('zodiac.button.put_away', { card: say(name) }));
    }
    board.append(g);
  }
  // The symbols showing in the center, tallied.
  const tally = {};
  for (const name of view.center) {
    const c = cards[name];
    if (c && c.symbol) tally[c.symbol] = (tally[c.symbol] || 0) + 1;
  }
  let sx = CX - (Object.keys(tally).length * 52) / 2 + 26;
  for (const [id, n] of Object.entries(tally)) {
    board.append(symbolDisc(symbols[id], sx - 8, CY + 100, 12));
    board.append(s('text', { x: sx + 8, y: CY + 105, 'font-size': 15, class: 'tally' }, `×${n}`));
    sx += 52;
  }
  return h('div', { class: 'board-wrap' }, board, detail);
}

/**
 * Draw a Friends of the Zodiac position into `root`.
 * ctx: {view, legal, seat, catalog, names, act(action), readOnly, answer(text)}; each legal action
 * is {id, text, kind, params} (kinds and params: docs/WEB-API.md, "Actions as data").
 */
export function render(root, ctx) {
  const { view, catalog, names } = ctx;
  const say = sayer(catalog);
  const said = saidCatalog(catalog, view, say);
  const { symbols, cards } = said;
  const limits = catalog.limits || {};
  const legal = ctx.readOnly ? [] : (ctx.legal || []);
  /** The legal action of `kind` whose params pass `test`, or null. */
  const find = (kind, test = (_params) => true) => legal.find((a) => a.kind === kind && test(a.params || {})) || null;
  const act = (a) => ctx.act(a);
  const used = new Set();   // ids of the legal actions that have a control
  const control = (a, key, label) => {
    if (a) used.add(a.id);
    return h('button', { type: 'button', class: 'btn', disabled: !a, 'data-action': a ? a.text : '',
      'data-action-id': a ? a.id : null, 'data-key': `act:${key}`, onclick: () => a && act(a) }, label);
  };
  const mine = ctx.seat !== null && ctx.seat !== undefined;
  const o = { view, ctx, say, said, cards, symbols, limits, legal, find, control, act, mine, names, used };

  root.replaceChildren();
  const narrow = narrowScreen();
  const over = view.outcome && view.outcome !== 'running';
  root.className = `game zodiac${narrow ? ' narrow' : ''}${over ? ' over' : ''}`;

  const prompt = promptBar(o);
  root.append(prompt);

  // -- the board: the circle (the ring of cards on a narrow screen), Tohru, the center ----------
  const pending = view.pending || { kind: 'action' };
  const move = find('move');
  const board = { view, catalog, said, cards, symbols, act, limits, say, kept: keptOf(ctx),
    choice: (name) => find('sohma', (p) => p.sohma === name),
    putAway: (name) => find('put_away', (p) => p.card === name),
    next: move ? move.params.to : null,
    words: (sohma, here) => sohmaWords(sohma, said.sohmas ? said.sohmas[sohma.index] : null, symbols, here),
    verb: (sohma) => t(pending.kind === 'flip' ? 'zodiac.choose.flip' : 'zodiac.choose.move_to', { sohma: sohmaName(sohma.name) }),
    sohmaName, tohruSide, conditionWords };
  root.append(narrow ? ringBoard(board) : circleBoard(board));
  if (!narrow) fitCircle(root);

  if (mine && view.hand) root.append(handSection(o));
  root.append(piles(o));
  root.append(friendships(o));
  if (view.options && String(view.options.variant).includes('true-friends')) root.append(journal(o));

  // -- the circle in words (screen readers, small screens) --------------------------------------
  root.append(h('details', { class: 'circle-words' }, h('summary', {}, t('zodiac.circle_words')),
    h('ol', {}, view.sohmas.map((sohma, i) => h('li', {},
      sohmaWords(sohma, said.sohmas ? said.sohmas[i] : null, symbols, view.tohru.sohma === i))))));

  // Any legal action without a control of its own still gets one.
  const rest = legal.filter((a) => !used.has(a.id));
  if (rest.length) {
    const row = prompt.querySelector('.prompt-actions') || prompt.appendChild(h('div', { class: 'prompt-actions' }));
    for (const a of rest) row.append(control(a, a.id, capital(actionWords(a, names, catalog))));
  }
}

/** The prompt bar: what to do now (your decision with its buttons), or who is deciding. */
function promptBar(o) {
  const { view, ctx, names, limits, find, control, say, mine } = o;
  const legal = o.legal;
  const myTurn = mine && view.current_player === ctx.seat && legal.length > 0;
  const pending = view.pending || { kind: 'action' };
  const event = pending.event ? say(pending.event) : t('zodiac.event');
  const prompt = h('section', { class: 'prompt', id: 'prompt', tabindex: -1, 'aria-live': 'polite', 'aria-label': t('zodiac.prompt.label') });
  if (view.outcome && view.outcome !== 'running') {
    prompt.append(h('p', { class: 'prompt-title' }, t('zodiac.prompt.over')));
  } else if (ctx.waiting) {
    prompt.append(h('p', { class: 'prompt-title' }, t('zodiac.prompt.waiting')));
  } else if (myTurn) {
    const [title, help] = {
      action: () => [t('zodiac.prompt.action', { number: view.actions_taken + 1, count: limits.actions_per_turn }),
        t('zodiac.prompt.action_help')],
      option: () => [t('zodiac.prompt.option', { event }), pending.event && o.cards[pending.event] ? o.cards[pending.event].text : ''],
      move_to: () => [t('zodiac.prompt.move_to', { event }), t('zodiac.prompt.pick_sohma')],
      flip: () => [t('zodiac.prompt.flip', { event }), t('zodiac.prompt.pick_sohma')],
      put_away: () => [t('zodiac.prompt.put_away'), t('zodiac.prompt.put_away_help', { count: limits.center })],
      take: () => [t('zodiac.prompt.take', { event }), ''],
      discard: () => [t('zodiac.prompt.discard'), t('zodiac.prompt.discard_help', { count: limits.hand })],
    }[pending.kind]?.() ?? [t('zodiac.prompt.decide'), ''];
    prompt.append(h('p', { class: 'prompt-title' }, title));
    if (help) prompt.append(h('p', { class: 'prompt-help' }, help));
    const row = h('div', { class: 'prompt-actions' });
    if (pending.kind === 'action') {
      const move = find('move');
      row.append(control(find('draw'), 'draw', t('zodiac.button.draw')));
      row.append(control(move, 'move', move ? t('zodiac.button.move_to', { sohma: sohmaName(move.params.to) }) : t('zodiac.button.move')));
    }
    const labels = {
      option: (p) => capital(p.label ? say(p.label) : t('zodiac.button.option', { number: p.index + 1 })),
      sohma: (p) => sohmaName(p.sohma),
      put_away: (p) => t('zodiac.button.put_away', { card: say(p.card) }),
      take: (p) => t('zodiac.button.take', { card: say(p.card) }),
    };
    for (const a of legal) {
      if (labels[a.kind]) row.append(control(a, a.id, labels[a.kind](a.params)));
    }
    prompt.append(row);
  } else {
    const p = view.current_player;
    const someone = who(names, p, null) + (mine && p === ctx.seat ? t('zodiac.you_mark') : '');
    const key = `zodiac.waiting.${pending.kind}`;
    prompt.append(h('p', { class: 'prompt-title' },
      t(['action', 'option', 'move_to', 'flip', 'put_away', 'take', 'discard'].includes(pending.kind) ? key : 'zodiac.waiting.deciding', { who: someone })));
    if (pending.event) prompt.append(h('p', { class: 'prompt-help' }, t('zodiac.waiting.event', { event })));
  }
  if (view.final_turns && view.outcome === 'running') {
    prompt.append(h('p', { class: 'final-turns' }, t('zodiac.final_turns', {
      who: who(names, view.final_turns.reached_target, mine ? ctx.seat : null), count: view.final_turns.turns_left })));
  }
  return prompt;
}

/** Your hand: each card a button when playing (or discarding) it is legal. */
function handSection(o) {
  const { view, cards, symbols, limits, find, act, say } = o;
  const hand = h('section', { class: 'hand', id: 'hand', 'aria-label': t('zodiac.hand.label') });
  hand.append(h('h2', {}, t('zodiac.hand.title', { shown: outOf(view.hand.length, limits.hand) })));
  const row = h('div', { class: 'hand-cards' });
  view.hand.forEach((name, k) => {
    const card = cards[name];
    const discard = find('discard', (p) => p.card === name);
    const action = discard || find('play', (p) => p.card === name);
    if (action) o.used.add(action.id);
    const described = cardDescription(name, card, symbols, say);
    const b = h('button', { type: 'button', class: `card-button${discard ? ' discarding' : ''}`,
      disabled: !action, 'data-action': action ? action.text : '', 'data-action-id': action ? action.id : null,
      'data-card': name, 'data-key': `hand:${name}:${k}`,
      'aria-label': t(discard ? 'zodiac.hand.discard' : 'zodiac.hand.play', { card: described }),
      onclick: () => action && act(action) }, playCard(say(name), card, symbols));
    row.append(b);
  });
  if (!view.hand.length) row.append(h('p', { class: 'muted' }, t('zodiac.hand.empty')));
  hand.append(row);
  return hand;
}

/** A card as a screen reader hears it: "Trust, memory (Courage)", "Lost Again, event: …". */
function cardDescription(name, card, symbols, say) {
  if (!card) return say(name);
  if (card.type === 'memory') return t('zodiac.card.memory', { card: say(name), symbol: symbols[card.symbol]?.name || '' });
  return t('zodiac.card.event', { card: say(name), text: card.text });
}

/** The deck and the discard pile (its top card face up, the rest listed). */
function piles(o) {
  const { view, cards, symbols, say } = o;
  const top = view.discard[view.discard.length - 1];
  const section = h('section', { class: 'piles', 'aria-label': t('zodiac.piles.label') },
    h('figure', { class: 'pile' }, cardBack(view.deck_size, { label: t('zodiac.piles.deck_label', { count: view.deck_size }) }),
      h('figcaption', {}, t('zodiac.piles.deck', { count: view.deck_size }))),
    h('figure', { class: 'pile' },
      top ? playCard(say(top), cards[top], symbols, { width: 70, height: 98 }) : h('div', { class: 'empty-pile' }, t('zodiac.piles.empty')),
      h('figcaption', {}, t('zodiac.piles.discard', { count: view.discard.length }))));
  if (view.discard.length) {
    section.append(h('details', { class: 'discard-list' }, h('summary', {}, t('zodiac.piles.list')),
      h('ul', {}, [...view.discard].reverse().map((n) => h('li', {}, say(n))))));
  }
  return section;
}

/** Everyone's friendships (the team's in Bestest Friends), hand sizes and the cards known. */
function friendships(o) {
  const { view, ctx, names, say } = o;
  const section = h('section', { class: 'friendships', 'aria-label': t('zodiac.friends.label') });
  const you = (p) => (p === ctx.seat ? t('zodiac.you_mark') : '');
  const open = (p) => (view.hands && view.hands[String(p)] && p !== ctx.seat ? view.hands[String(p)] : null);
  if (view.team) {
    const team = view.friendships[0] || [];
    section.append(h('h2', {}, t('zodiac.team.title')));
    section.append(h('p', { class: 'team-score' }, view.outcome === 'running'
      ? t('zodiac.team.running', { count: team.length, total: view.sohmas.length, deck: view.deck_size })
      : t('zodiac.team.over', { count: team.length, total: view.sohmas.length, score: view.scores[0] })));
    section.append(h('div', { class: 'friend-cards' }, team.map((f) => friendshipCard(saidFriend(f)))));
    const players = h('ul', { class: 'player-list' });
    for (let p = 0; p < view.players; p++) {
      const hand = open(p);
      players.append(h('li', { class: p === view.current_player ? 'current' : '' },
        t('zodiac.team.player', { name: playerName(names, p) + you(p), count: view.hand_sizes[p] }),
        hand ? ` — ${list(hand.map(say))}` : ''));
    }
    section.append(players);
    return section;
  }
  section.append(h('h2', {}, t('zodiac.friends.title', { target: view.options.target })));
  for (let p = 0; p < view.players; p++) {
    const friends = view.friendships[p] || [];
    const known = (view.known_cards && view.known_cards[p]) || [];
    const hand = open(p);
    section.append(h('div', { class: `friend-row${p === view.current_player ? ' current' : ''}`, 'data-player': p },
      h('div', { class: 'friend-who' },
        h('strong', {}, playerName(names, p)), you(p),
        h('span', { class: 'muted' }, ` · ${t('zodiac.friends.count', { count: friends.length })} · ${t('zodiac.friends.cards', { count: view.hand_sizes[p] })}`),
        known.length && p !== ctx.seat ? h('span', { class: 'muted' }, ` · ${t('zodiac.friends.known', { cards: list(known.map(say)) })}`) : '',
        hand ? h('span', { class: 'muted' }, ` · ${t('zodiac.friends.hand', { cards: list(hand.map(say)) })}`) : ''),
      h('div', { class: 'friend-cards' }, friends.map((f) => friendshipCard(saidFriend(f))))));
  }
  return section;
}

/** True Friends: the prompt waiting for this player's answer, and the journal so far. */
function journal(o) {
  const { view, ctx, names, say, mine } = o;
  const section = h('section', { class: 'journal', 'aria-label': t('zodiac.journal.label') }, h('h2', {}, t('zodiac.journal.title')));
  const waiting = mine && !ctx.readOnly ? [...view.journal].reverse().find((j) => j.player === ctx.seat) : null;
  const skipKey = waiting ? `${ctx.seat}:${view.journal.lastIndexOf(waiting)}:${waiting.memory}` : '';
  if (waiting && !waiting.answer && ctx.answer && !keptOf(ctx).skipped.has(skipKey)) {
    const area = h('textarea', { id: 'answer-text', rows: 3, maxlength: 2000, 'aria-label': t('zodiac.journal.answer') });
    const form = h('form', { class: 'answer-form', onsubmit: (ev) => {
      ev.preventDefault();
      const text = area.value.trim();
      if (text) ctx.answer(text);
    } },
    h('p', {}, h('strong', {}, t('zodiac.journal.prompt', { memory: say(waiting.memory) })), say(waiting.prompt)),
    h('label', { for: 'answer-text', class: 'visually-hidden' }, t('zodiac.journal.answer')), area,
    h('div', { class: 'prompt-actions' },
      h('button', { type: 'submit', class: 'btn' }, t('zodiac.journal.write')),
      h('button', { type: 'button', class: 'btn subtle', onclick: () => {
        keptOf(ctx).skipped.add(skipKey);
        form.remove();
      } }, t('zodiac.journal.skip'))));
    section.append(form);
  }
  if (!view.journal.length) section.append(h('p', { class: 'muted' }, t('zodiac.journal.empty')));
  const entry = (j) => h('li', {},
    h('strong', {}, t('zodiac.journal.entry', { name: playerName(names, j.player), memory: say(j.memory) })), h('em', {}, say(j.prompt)),
    j.answer ? h('p', { class: 'journal-answer' }, j.answer) : '');
  const newest = [...view.journal].reverse();
  section.append(h('ol', { class: 'journal-list', reversed: true }, newest.slice(0, 4).map(entry)));
  if (newest.length > 4) {
    section.append(h('details', {}, h('summary', {}, t('zodiac.journal.earlier', { count: newest.length - 4 })),
      h('ol', { class: 'journal-list', reversed: true, start: newest.length - 4 }, newest.slice(4).map(entry))));
  }
  return section;
}

/** Bestest Friends plays with open hands: nothing to hide from the others at the same device. */
export function privateView(view) {
  return !view.team;
}

/** The first usable control: a card, a Sohma or a button. */
export function firstControl(root) {
  return root.querySelector('[data-action]:not([disabled]):not([data-action=""])') || root.querySelector('#prompt');
}

/** The circle on wide screens, the ring of cards on narrow ones. */
export const watchLayout = onNarrowChange;
