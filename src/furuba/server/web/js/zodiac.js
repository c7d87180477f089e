// Friends of the Zodiac: the circle of 13 Sohmas, Tohru, the center, your hand, the piles and
// everyone's friendships. Only legal actions are clickable; every choice is asked in the prompt bar.
import { h, s, asButton, plural, listWords } from './dom.js';
import {
  symbolMap, sohmaCard, tohruCard, playCard, friendshipCard, cardBack, symbolDisc,
  SOHMA_W, SOHMA_H, TOHRU_W, TOHRU_H,
} from './cards.js';
import { narrowScreen, ringBoard } from './zodiac-ring.js';

const skippedPrompts = new Set();   // True Friends prompts this player chose not to answer

const W = 1000;
const H = 960;
const CX = 500;
const CY = 470;
const RX = 400;
const RY = 360;

function angle(i) {
  return (-90 + (i * 360) / 13) * (Math.PI / 180);
}

/** Names the log uses ("player 2") replaced by the seats' names. */
export function nameText(text, names) {
  return String(text).replace(/\bplayer (\d+)('s)?/g, (m, p, poss) => `${names[Number(p)] ?? m}${poss || ''}`);
}

/** The log in words: [{n, text}]. */
export function zodiacLog(log, names) {
  return (log || []).map((e) => ({ n: e.n, text: nameText(e.text, names), kind: e.kind }));
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
  discard: 'discarding down to 4 cards',
  over: 'the game is over',
};

/** The circle of 13 Sohma cards as one SVG, Tohru inside it next to her Sohma, the center in the middle. */
function circleBoard(o) {
  const { view, catalog, cards, symbols, can, act } = o;
  const board = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'board', role: 'group',
    'aria-label': `The circle of Sohmas. Tohru is next to ${view.tohru.name}, ${view.tohru.side} side up.` });
  board.append(s('ellipse', { cx: CX, cy: CY, rx: RX - 30, ry: RY - 40, class: 'table-felt' }));
  const detail = h('p', { class: 'sohma-detail', 'aria-live': 'polite' },
    'Point at or focus a Sohma to read it. The large symbols are what its face-up side needs; the small ones are its other side.');
  view.sohmas.forEach((sohma, i) => {
    const info = catalog.sohmas ? catalog.sohmas[i] : null;
    const x = CX + RX * Math.cos(angle(i)) - SOHMA_W / 2;
    const y = CY + RY * Math.sin(angle(i)) - SOHMA_H / 2;
    const here = view.tohru.sohma === i;
    const card = sohmaCard(sohma, info, symbols);
    const g = s('g', { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
      class: `sohma${here ? ' tohru-here' : ''}`, 'data-sohma': sohma.name });
    g.append(card);
    const words = o.words(sohma, info, here);
    const choose = `choose ${sohma.name}`;
    if (can(choose)) {
      g.classList.add('selectable');
      g.dataset.action = choose;
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
  const tx = CX + RX * 0.63 * Math.cos(angle(t)) - TOHRU_W / 2;
  const ty = CY + RY * 0.56 * Math.sin(angle(t)) - TOHRU_H / 2;
  const tohru = s('g', { transform: `translate(${tx.toFixed(1)} ${ty.toFixed(1)})`, class: 'tohru' });
  tohru.append(tohruCard(view.tohru.side, catalog.tohru, symbols));
  tohru.append(s('title', {}, `Tohru, ${view.tohru.side} side up: ${catalog.tohru ? catalog.tohru[view.tohru.side].text : ''}`));
  board.append(tohru);
  // The center: up to 4 memories.
  const cw = 84;
  const ch = 118;
  const slots = Math.max(4, view.center.length);
  const left = CX - (slots * 90 - 6) / 2;
  board.append(s('text', { x: CX, y: CY - 56, 'text-anchor': 'middle', 'font-size': 15, class: 'center-label' },
    `Memories in the center (${view.center.length}/4)`));
  for (let k = 0; k < slots; k++) {
    const x = left + k * 90;
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
    const put = `put ${name} away`;
    if (can(put)) {
      g.classList.add('selectable');
      g.dataset.action = put;
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
 * ctx: {view, legal, seat, catalog, names, act(name), readOnly, answer(text), hint}
 */
export function renderZodiac(root, ctx) {
  const { view, catalog, names } = ctx;
  const symbols = symbolMap(catalog.symbols || view.symbols);
  const cards = catalog.cards || {};
  const legal = new Map((ctx.legal || []).map((a) => [a.name, a.id]));
  const can = (name) => !ctx.readOnly && legal.has(name);
  const act = (name) => ctx.act(name);
  const used = new Set();   // legal actions that have a control
  const control = (name, label, attrs = {}, ...content) => {
    used.add(name);
    return h('button', { type: 'button', class: attrs.class || 'btn', disabled: !can(name), 'data-action': name,
      'data-key': `act:${name}`, onclick: () => act(name), ...attrs }, content.length ? content : label);
  };
  const mine = ctx.seat !== null && ctx.seat !== undefined;
  const myTurn = mine && view.current_player === ctx.seat && legal.size > 0 && !ctx.readOnly;
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
        title = `Your turn — action ${view.actions_taken + 1} of 3`;
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
        help = 'There can be at most 4 memories in the center.';
        break;
      case 'take':
        title = `${pending.event || 'Event'}: take a memory from the discard pile`;
        break;
      case 'discard':
        title = 'Too many cards: discard one';
        help = 'A hand holds at most 4 cards. Pick the card to discard from your hand.';
        break;
      default:
        title = 'Your decision';
    }
    prompt.append(h('p', { class: 'prompt-title' }, title));
    if (help) prompt.append(h('p', { class: 'prompt-help' }, help));
    const row = h('div', { class: 'prompt-actions' });
    if (pending.kind === 'action') {
      const next = view.sohmas[(view.tohru.sohma + 1) % 13].name;
      row.append(control('draw', 'Draw a card'));
      row.append(control('move', `Move Tohru to ${next}`));
    }
    for (const a of ctx.legal || []) {
      if (a.name.startsWith('option ')) {
        row.append(control(a.name, a.name.replace(/^option \d+:\s*/, '')));
      } else if (a.name.startsWith('choose ')) {
        row.append(control(a.name, a.name.slice(7)));
      } else if (a.name.startsWith('put ') && a.name.endsWith(' away')) {
        row.append(control(a.name, `Put away ${a.name.slice(4, -5)}`));
      } else if (a.name.startsWith('take ')) {
        row.append(control(a.name, `Take ${a.name.slice(5)}`));
      }
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
  const board = { view, catalog, cards, symbols, can, act,
    words: (sohma, info, here) => sohmaWords(sohma, info, symbols, here),
    verb: pending.kind === 'flip' ? 'Flip' : 'Move Tohru to' };
  root.append(narrow ? ringBoard(board) : circleBoard(board));

  // -- your hand -------------------------------------------------------------------------------
  if (mine && view.hand) {
    const hand = h('section', { class: 'hand', id: 'hand', 'aria-label': 'Your hand' });
    hand.append(h('h2', {}, `Your hand (${view.hand.length}/4)`));
    const row = h('div', { class: 'hand-cards' });
    view.hand.forEach((name, k) => {
      const card = cards[name];
      const play = `play ${name}`;
      const discard = `discard ${name}`;
      const action = can(discard) ? discard : play;
      used.add(play);
      used.add(discard);
      const verb = action === discard ? 'Discard' : 'Play';
      const b = h('button', { type: 'button', class: `card-button${action === discard ? ' discarding' : ''}`,
        disabled: !can(action), 'data-action': action, 'data-card': name, 'data-key': `hand:${name}:${k}`,
        'aria-label': `${verb} ${name}${card ? (card.type === 'memory' ? `, memory (${symbols[card.symbol]?.name || ''})` : `, event: ${card.text}`) : ''}`,
        onclick: () => act(action) }, playCard(name, card, symbols));
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
      ? `Friends made: ${team.length} of 13 · Cards left in the deck: ${view.deck_size} (your score if you win now)`
      : `Friends made: ${team.length} of 13 · Team score: ${view.team && view.outcome === 'won' ? view.scores[0] : 0}`));
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
  const rest = (ctx.legal || []).filter((a) => !used.has(a.name));
  if (rest.length && !ctx.readOnly) {
    const row = prompt.querySelector('.prompt-actions') || prompt.appendChild(h('div', { class: 'prompt-actions' }));
    for (const a of rest) row.append(control(a.name, a.name));
  }
}

/** The final result in words. */
export function zodiacResult(view, names) {
  if (view.team) {
    if (view.outcome === 'won') return `The team befriended all 13 Sohmas! Team score: ${view.scores[0]}.`;
    return 'The deck ran out before the team befriended everyone. Give each other a hug and try again!';
  }
  const winners = (view.winners || []).map((p) => names[p] ?? `Player ${p + 1}`);
  const counts = view.scores.map((sc, p) => `${names[p] ?? p}: ${sc}`).join(', ');
  return `${listWords(winners)} ${winners.length > 1 ? 'win' : 'wins'}! Friendships — ${counts}.`;
}
