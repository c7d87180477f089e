// Friends of the Zodiac: the circle of 13 Sohmas, Tohru, the center, your hand, the piles and
// everyone's friendships. Only legal actions are clickable; every choice is asked in the prompt bar.
import { h, s, asButton, plural, listWords, withNames, capital } from './dom.js';
import {
  symbolMap, sohmaCard, tohruCard, playCard, friendshipCard, cardBack, symbolDisc,
  SOHMA_W, SOHMA_H, TOHRU_W, TOHRU_H,
} from './cards.js';
import { narrowScreen, ringBoard, onNarrowChange } from './zodiac-ring.js';

const skippedPrompts = new Set();   // True Friends prompts this player chose not to answer

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

/** A log line as a sentence: its first letter a capital, unless it starts with a player's name. */
function sentence(text, names) {
  const t = withNames(text, names);
  return names.some((n) => n && t.startsWith(n)) ? t : capital(t);
}

/** The log in words: [{n, text}]. */
export function log(entries, names) {
  return (entries || []).map((e) => ({ n: e.n, text: sentence(e.text, names), kind: e.kind }));
}

/** An action in words: moving Tohru names where she goes; the others read as their text. */
export function actionWords(action, names) {
  const p = action.params || {};
  if (action.kind === 'move' && p.to) return `move Tohru to ${p.to}`;
  return withNames(action.text ?? action.action ?? action.name ?? '', names);
}

function symbolNames(ids, symbols) {
  const counts = {};
  for (const id of ids) counts[id] = (counts[id] || 0) + 1;
  return Object.entries(counts).map(([id, n]) => `${n > 1 ? n + '× ' : ''}${symbols[id] ? symbols[id].name : id}`).join(', ');
}

function sohmaWords(sohma, info, symbols, tohruHere) {
  const parts = [`${sohma.name} (${info ? info.animal : ''}), ${sohma.side} side up`,
    `needs ${symbolNames(sohma.needs, symbols) || 'nothing'}`];
  if (sohma.condition) parts.push(`and ${sohma.condition}`);
  parts.push(`other side needs ${symbolNames(sohma.other_needs, symbols)}${sohma.other_condition ? ` and ${sohma.other_condition}` : ''}`);
  parts.push(`${plural(sohma.stack, 'friendship card')} left`);
  if (tohruHere) parts.push('Tohru is here');
  return parts.join('; ');
}

const PENDING_WORDS = {
  action: 'taking an action',
  option: 'choosing how an event plays out',
  move_to: 'choosing where Tohru goes',
  flip: 'choosing a Sohma to flip',
  put_away: 'choosing a memory to put away',
  take: 'choosing a memory to take',
  discard: 'discarding down to the hand limit',
  over: 'the game is over',
};

/** The circle of 13 Sohma cards as one SVG, Tohru inside it next to her Sohma, the center in the middle. */
function circleBoard(o) {
  const { view, catalog, cards, symbols, act } = o;
  const board = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'board', role: 'group',
    'aria-label': `The circle of Sohmas. Tohru is next to ${view.tohru.name}, ${view.tohru.side} side up.` });
  board.append(s('ellipse', { cx: CX, cy: CY, rx: RX - 30, ry: RY - 40, class: 'table-felt' }));
  const detail = h('p', { class: 'sohma-detail', 'aria-live': 'polite' },
    'Point at or focus a Sohma to read it. The large symbols are what its face-up side needs; the small ones are its other side.');
  view.sohmas.forEach((sohma, i) => {
    const info = catalog.sohmas ? catalog.sohmas[i] : null;
    const x = CX + RX * Math.cos(angle(i, view.sohmas.length)) - SOHMA_W / 2;
    const y = CY + RY * Math.sin(angle(i, view.sohmas.length)) - SOHMA_H / 2;
    const here = view.tohru.sohma === i;
    const card = sohmaCard(sohma, info, symbols);
    const g = s('g', { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
      class: `sohma${here ? ' tohru-here' : ''}`, 'data-sohma': sohma.name });
    g.append(card);
    const words = o.words(sohma, info, here);
    const choose = o.choice(sohma.name);
    if (choose) {
      g.classList.add('selectable');
      g.dataset.action = choose.text;
      g.dataset.actionId = choose.id;
      g.dataset.key = `sohma:${sohma.name}`;
      asButton(g, () => act(choose), `${o.verb} ${sohma.name}. ${words}`);
    } else {
      g.addEventListener('click', () => { detail.textContent = words; });
    }
    g.addEventListener('mouseenter', () => { detail.textContent = words; });
    g.addEventListener('focus', () => { detail.textContent = words; });
    g.append(s('title', {}, words));
    board.append(g);
  });
  // Tohru, inside the circle, next to her Sohma.
  const t = view.tohru.sohma;
  const tx = CX + RX * 0.63 * Math.cos(angle(t, view.sohmas.length)) - TOHRU_W / 2;
  const ty = CY + RY * 0.56 * Math.sin(angle(t, view.sohmas.length)) - TOHRU_H / 2;
  const tohru = s('g', { transform: `translate(${tx.toFixed(1)} ${ty.toFixed(1)})`, class: 'tohru' });
  tohru.append(tohruCard(view.tohru.side, catalog.tohru, symbols));
  tohru.append(s('title', {}, `Tohru, ${view.tohru.side} side up: ${catalog.tohru ? catalog.tohru[view.tohru.side].text : ''}`));
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
    `Memories in the center (${outOf(view.center.length, o.limits.center)})`));
  for (let k = 0; k < slots; k++) {
    const x = left + k * pitch;
    const y = CY - 44;
    const name = view.center[k];
    if (!name) {
      board.append(s('rect', { x, y, width: cw, height: ch, rx: 8, class: 'empty-slot' }));
      continue;
    }
    const face = playCard(name, cards[name], symbols, { width: cw, height: ch });
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
      asButton(g, () => act(put), `Put ${name} away`);
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
  const symbols = symbolMap(catalog.symbols || view.symbols);
  const cards = catalog.cards || {};
  const limits = catalog.limits || {};
  const legal = ctx.readOnly ? [] : (ctx.legal || []);
  /** The legal action of `kind` whose params pass `test`, or null. */
  const find = (kind, test = () => true) => legal.find((a) => a.kind === kind && test(a.params || {})) || null;
  const act = (a) => ctx.act(a);
  const used = new Set();   // ids of the legal actions that have a control
  const control = (a, key, label) => {
    if (a) used.add(a.id);
    return h('button', { type: 'button', class: 'btn', disabled: !a, 'data-action': a ? a.text : '',
      'data-action-id': a ? a.id : null, 'data-key': `act:${key}`, onclick: () => a && act(a) }, label);
  };
  const mine = ctx.seat !== null && ctx.seat !== undefined;
  const myTurn = mine && view.current_player === ctx.seat && legal.length > 0;
  const pending = view.pending || { kind: 'action' };

  root.replaceChildren();
  const narrow = narrowScreen();
  const over = view.outcome && view.outcome !== 'running';
  root.className = `game zodiac${narrow ? ' narrow' : ''}${over ? ' over' : ''}`;

  // -- prompt bar: what to do now --------------------------------------------------------------
  const prompt = h('section', { class: 'prompt', id: 'prompt', tabindex: -1, 'aria-live': 'polite', 'aria-label': 'What to do now' });
  if (view.outcome && view.outcome !== 'running') {
    prompt.append(h('p', { class: 'prompt-title' }, 'The game is over.'));
  } else if (ctx.waiting) {
    prompt.append(h('p', { class: 'prompt-title' }, 'Waiting for players: the game starts when every seat is taken.'));
  } else if (myTurn) {
    let title = '';
    let help = '';
    switch (pending.kind) {
      case 'action':
        title = `Your turn — action ${view.actions_taken + 1} of ${limits.actions_per_turn}`;
        help = 'Play a card from your hand, draw a card, or move Tohru one Sohma clockwise.';
        break;
      case 'option':
        title = `${pending.event || 'Event'}: choose one`;
        help = cards[pending.event] ? cards[pending.event].text : '';
        break;
      case 'move_to':
        title = `${pending.event || 'Event'}: where does Tohru go?`;
        help = 'Pick a Sohma in the circle, or below.';
        break;
      case 'flip':
        title = `${pending.event || 'Event'}: which Sohma flips?`;
        help = 'Pick a Sohma in the circle, or below.';
        break;
      case 'put_away':
        title = 'Put one memory from the center on the discard pile';
        help = `There can be at most ${limits.center} memories in the center.`;
        break;
      case 'take':
        title = `${pending.event || 'Event'}: take a memory from the discard pile`;
        break;
      case 'discard':
        title = 'Too many cards: discard one';
        help = `A hand holds at most ${limits.hand} cards. Pick the card to discard from your hand.`;
        break;
      default:
        title = 'Your decision';
    }
    prompt.append(h('p', { class: 'prompt-title' }, title));
    if (help) prompt.append(h('p', { class: 'prompt-help' }, help));
    const row = h('div', { class: 'prompt-actions' });
    if (pending.kind === 'action') {
      const move = find('move');
      row.append(control(find('draw'), 'draw', 'Draw a card'));
      row.append(control(move, 'move', move ? `Move Tohru to ${move.params.to}` : 'Move Tohru'));
    }
    const labels = {
      option: (p) => capital(p.label ?? `Option ${p.index + 1}`),
      sohma: (p) => p.sohma,
      put_away: (p) => `Put away ${p.card}`,
      take: (p) => `Take ${p.card}`,
    };
    for (const a of legal) {
      if (labels[a.kind]) row.append(control(a, a.id, labels[a.kind](a.params)));
    }
    prompt.append(row);
  } else {
    const who = names[view.current_player] ?? `Player ${view.current_player + 1}`;
    prompt.append(h('p', { class: 'prompt-title' },
      `${who}${mine && view.current_player === ctx.seat ? ' (you)' : ''} is ${PENDING_WORDS[pending.kind] || 'deciding'}…`));
    if (pending.event) prompt.append(h('p', { class: 'prompt-help' }, `Event: ${pending.event}`));
  }
  if (view.final_turns && view.outcome === 'running') {
    const ender = names[view.final_turns.reached_target] ?? 'Someone';
    prompt.append(h('p', { class: 'final-turns' },
      `${ender} reached the target: ${plural(view.final_turns.turns_left, 'final turn')} left.`));
  }
  root.append(prompt);

  // -- the board: the circle (the ring of cards on a narrow screen), Tohru, the center ----------
  const move = find('move');
  const board = { view, catalog, cards, symbols, act, limits,
    choice: (name) => find('sohma', (p) => p.sohma === name),
    putAway: (name) => find('put_away', (p) => p.card === name),
    next: move ? move.params.to : null,
    words: (sohma, info, here) => sohmaWords(sohma, info, symbols, here),
    verb: pending.kind === 'flip' ? 'Flip' : 'Move Tohru to' };
  root.append(narrow ? ringBoard(board) : circleBoard(board));

  // -- your hand -------------------------------------------------------------------------------
  if (mine && view.hand) {
    const hand = h('section', { class: 'hand', id: 'hand', 'aria-label': 'Your hand' });
    hand.append(h('h2', {}, `Your hand (${outOf(view.hand.length, limits.hand)})`));
    const row = h('div', { class: 'hand-cards' });
    view.hand.forEach((name, k) => {
      const card = cards[name];
      const discard = find('discard', (p) => p.card === name);
      const action = discard || find('play', (p) => p.card === name);
      if (action) used.add(action.id);
      const verb = discard ? 'Discard' : 'Play';
      const b = h('button', { type: 'button', class: `card-button${discard ? ' discarding' : ''}`,
        disabled: !action, 'data-action': action ? action.text : '', 'data-action-id': action ? action.id : null,
        'data-card': name, 'data-key': `hand:${name}:${k}`,
        'aria-label': `${verb} ${name}${card ? (card.type === 'memory' ? `, memory (${symbols[card.symbol]?.name || ''})` : `, event: ${card.text}`) : ''}`,
        onclick: () => action && act(action) }, playCard(name, card, symbols));
      row.append(b);
    });
    if (!view.hand.length) row.append(h('p', { class: 'muted' }, 'No cards in hand.'));
    hand.append(row);
    root.append(hand);
  }

  // -- piles -----------------------------------------------------------------------------------
  const top = view.discard[view.discard.length - 1];
  const piles = h('section', { class: 'piles', 'aria-label': 'Deck and discard pile' },
    h('figure', { class: 'pile' }, cardBack(view.deck_size, { label: `Deck: ${view.deck_size} cards` }),
      h('figcaption', {}, `Deck: ${view.deck_size}`)),
    h('figure', { class: 'pile' },
      top ? playCard(top, cards[top], symbols, { width: 70, height: 98 }) : h('div', { class: 'empty-pile' }, 'empty'),
      h('figcaption', {}, `Discard pile: ${view.discard.length}`)));
  if (view.discard.length) {
    piles.append(h('details', { class: 'discard-list' }, h('summary', {}, 'Cards in the discard pile'),
      h('ul', {}, [...view.discard].reverse().map((n) => h('li', {}, n)))));
  }
  root.append(piles);

  // -- friendships -----------------------------------------------------------------------------
  const people = h('section', { class: 'friendships', 'aria-label': 'Friendships' });
  if (view.team) {
    const team = view.friendships[0] || [];
    people.append(h('h2', {}, 'The team'));
    people.append(h('p', { class: 'team-score' },
      view.outcome === 'running'
      ? `Friends made: ${team.length} of ${view.sohmas.length} · Cards left in the deck: ${view.deck_size}`
      : `Friends made: ${team.length} of ${view.sohmas.length} · Team score: ${view.scores[0]}`));
    people.append(h('div', { class: 'friend-cards' }, team.map((f) => friendshipCard(f))));
    const list = h('ul', { class: 'player-list' });
    for (let p = 0; p < view.players; p++) {
      list.append(h('li', { class: p === view.current_player ? 'current' : '' },
        `${names[p]}${p === ctx.seat ? ' (you)' : ''}: ${plural(view.hand_sizes[p], 'card')}`,
        view.hands && view.hands[String(p)] && p !== ctx.seat ? ` — ${view.hands[String(p)].join(', ')}` : ''));
    }
    people.append(list);
  } else {
    people.append(h('h2', {}, `Friendships (target ${view.options.target})`));
    for (let p = 0; p < view.players; p++) {
      const friends = view.friendships[p] || [];
      const known = (view.known_cards && view.known_cards[p]) || [];
      const open = view.hands && view.hands[String(p)] && p !== ctx.seat ? view.hands[String(p)] : null;
      people.append(h('div', { class: `friend-row${p === view.current_player ? ' current' : ''}`, 'data-player': p },
        h('div', { class: 'friend-who' },
          h('strong', {}, names[p] ?? `Player ${p + 1}`), p === ctx.seat ? ' (you)' : '',
          h('span', { class: 'muted' }, ` · ${plural(friends.length, 'friend')} · ${plural(view.hand_sizes[p], 'card')} in hand`),
          known.length && p !== ctx.seat ? h('span', { class: 'muted' }, ` · known: ${known.join(', ')}`) : '',
          open ? h('span', { class: 'muted' }, ` · hand: ${open.join(', ')}`) : ''),
        h('div', { class: 'friend-cards' }, friends.map((f) => friendshipCard(f)))));
    }
  }
  root.append(people);

  // -- True Friends: the prompt waiting for an answer, and the journal --------------------------
  if (view.options && String(view.options.variant).includes('true-friends')) {
    const journal = h('section', { class: 'journal', 'aria-label': 'True Friends journal' }, h('h2', {}, 'Journal'));
    const waiting = mine && !ctx.readOnly
      ? [...view.journal].reverse().find((j) => j.player === ctx.seat)
      : null;
    const skipKey = waiting ? `${ctx.seat}:${view.journal.lastIndexOf(waiting)}:${waiting.memory}` : '';
    if (waiting && !waiting.answer && ctx.answer && !skippedPrompts.has(skipKey)) {
      const area = h('textarea', { id: 'answer-text', rows: 3, maxlength: 2000, 'aria-label': 'Your answer' });
      const form = h('form', { class: 'answer-form', onsubmit: (ev) => {
        ev.preventDefault();
        const text = area.value.trim();
        if (text) ctx.answer(text);
      } },
      h('p', {}, h('strong', {}, `${waiting.memory}: `), waiting.prompt),
      h('label', { for: 'answer-text', class: 'visually-hidden' }, 'Your answer'), area,
      h('div', { class: 'prompt-actions' },
        h('button', { type: 'submit', class: 'btn' }, 'Write it in the journal'),
        h('button', { type: 'button', class: 'btn subtle', onclick: () => {
          skippedPrompts.add(skipKey);
          form.remove();
        } }, 'Not this time')));
      journal.append(form);
    }
    if (!view.journal.length) journal.append(h('p', { class: 'muted' }, 'When someone plays a memory, its question appears here.'));
    const entry = (j) => h('li', {},
      h('strong', {}, `${names[j.player] ?? j.player} — ${j.memory}: `), h('em', {}, j.prompt),
      j.answer ? h('p', { class: 'journal-answer' }, j.answer) : '');
    const newest = [...view.journal].reverse();
    journal.append(h('ol', { class: 'journal-list', reversed: true }, newest.slice(0, 4).map(entry)));
    if (newest.length > 4) {
      journal.append(h('details', {}, h('summary', {}, `Earlier prompts (${newest.length - 4})`),
        h('ol', { class: 'journal-list', reversed: true, start: newest.length - 4 }, newest.slice(4).map(entry))));
    }
    root.append(journal);
  }

  // -- the circle in words (screen readers, small screens) --------------------------------------
  root.append(h('details', { class: 'circle-words' }, h('summary', {}, 'The circle in words'),
    h('ol', {}, view.sohmas.map((sohma, i) => h('li', {},
      sohmaWords(sohma, catalog.sohmas ? catalog.sohmas[i] : null, symbols, view.tohru.sohma === i))))));

  // Any legal action without a control of its own still gets one.
  const rest = legal.filter((a) => !used.has(a.id));
  if (rest.length) {
    const row = prompt.querySelector('.prompt-actions') || prompt.appendChild(h('div', { class: 'prompt-actions' }));
    for (const a of rest) row.append(control(a, a.id, a.text));
  }
}

/** The final result in words. */
export function result(view, names) {
  if (view.team) {
    if (view.outcome === 'won') return `The team befriended all ${view.sohmas.length} Sohmas! Team score: ${view.scores[0]}.`;
    return 'The deck ran out before the team befriended everyone. Give each other a hug and try again!';
  }
  const winners = (view.winners || []).map((p) => names[p] ?? `Player ${p + 1}`);
  const counts = view.scores.map((sc, p) => `${names[p] ?? p}: ${sc}`).join(', ');
  return `${listWords(winners)} ${winners.length > 1 ? 'win' : 'wins'}! Friendships — ${counts}.`;
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
