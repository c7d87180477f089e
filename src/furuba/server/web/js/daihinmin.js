// Dai Hin Min: your hand sorted, select cards and play or pass, the pile and who played it,
// card counts, titles, scores, the exchange and the revolution question.
import { h, plural, listWords } from './dom.js';
import { playingCard, cardBack, parseCard, sortCards } from './cards.js';

const selected = new Set();   // the cards picked in the hand, kept across updates
const gifts = { picked: [], queue: [] };   // exchange: cards picked to give; confirmed gifts still to send

const isJoker = (c) => c.startsWith('joker');
const rankOf = (c) => parseCard(c).rank;

/** The action that plays exactly these cards, e.g. "play 7x2+joker" (null: not one set). */
export function playName(cards) {
  const jokers = cards.filter(isJoker).length;
  const naturals = cards.filter((c) => !isJoker(c));
  const ranks = new Set(naturals.map(rankOf));
  if (ranks.size > 1 || jokers > 2) return null;
  const jokerPart = jokers === 1 ? '+joker' : jokers === 2 ? '+joker x2' : '';
  if (!naturals.length) return jokers === 1 ? 'play joker' : jokers === 2 ? 'play joker x2' : null;
  const k = naturals.length;
  return `play ${[...ranks][0]}${k > 1 ? 'x' + k : ''}${jokerPart}`;
}

/** Cards of the hand that make up a legal play name (naturals first, then jokers). */
function cardsFor(name, hand) {
  const m = /^play (joker|\w+?)(?:x(\d))?(?:\+joker( x2)?)?( x2)?$/.exec(name);
  if (!m) return [];
  const out = [];
  const jokers = hand.filter(isJoker);
  if (m[1] === 'joker') return jokers.slice(0, m[4] ? 2 : 1);
  const naturals = hand.filter((c) => rankOf(c) === m[1]).slice(0, Number(m[2] || 1));
  out.push(...naturals);
  if (name.includes('+joker')) out.push(...jokers.slice(0, m[3] ? 2 : 1));
  return out;
}

function ranksOfLegal(legal) {
  const ranks = new Set();
  for (const a of legal) {
    const m = /^(?:play|give) (joker|[0-9JQKA]+)/.exec(a.name);
    if (m) ranks.add(m[1]);
    if (a.name.startsWith('play') && a.name.includes('joker')) ranks.add('joker');
  }
  return ranks;
}

const PLACES = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th'];

/** The log in words: [{n, text}]. */
export function daihinminLog(log, names, seat) {
  const who = (p) => (p === seat ? 'You' : names[p] ?? `Player ${p + 1}`);
  const list = (cards) => (cards && cards.length ? cards.map((c) => (isJoker(c) ? 'joker' : c)).join(' ') : 'nothing');
  const out = [];
  for (const e of log || []) {
    let text = null;
    switch (e.event) {
      case 'round': text = `Round ${e.round}: ${who(e.dealer)} ${e.dealer === seat ? 'deal' : 'deals'}.`; break;
      case 'dealt': text = `${who(e.player)} ${e.player === seat ? 'were' : 'was'} dealt ${plural(e.cards.length, 'card')}.`; break;
      case 'revolution':
        text = e.declared ? `${who(e.player)} showed both jokers: Revolution! No exchange; play goes counterclockwise.` : null;
        break;
      case 'gift': text = `${who(e.player)} chose ${list(e.cards)} for ${who(e.receiver)}.`; break;
      case 'exchange':
        text = `Exchange: ${who(e.poor_man)} gives ${who(e.rich_man)} two best cards and gets two back; `
          + `${who(e.second_poorest)} and ${who(e.second_richest)} swap one.`;
        break;
      case 'swap': text = `${who(e.player)} gave ${list(e.gave)} to ${who(e.partner)} and got ${list(e.got)}.`; break;
      case 'play': text = `${who(e.player)} played ${list(e.cards)}.`; break;
      case 'pass': text = `${who(e.player)} passed.`; break;
      case 'clear': text = `Everyone passed: the pile is swept away. ${who(e.leader)} leads.`; break;
      case 'out': text = `${who(e.player)} went out ${PLACES[e.place - 1] || e.place} (+${plural(e.points, 'point')}).`; break;
      case 'round end':
        text = `Round ${e.round} is over: ${e.order.map((p, i) => `${i + 1}. ${who(p)}`).join(', ')}.`;
        break;
      case 'game end':
        text = `Game over${e.truncated ? ' (round limit)' : ''}: ${listWords(e.winners.map(who))} ${e.winners.length > 1 ? 'win' : 'wins'}.`;
        break;
      default: text = e.event;
    }
    if (text) out.push({ n: e.n ?? e.after, text, private: e.to !== undefined });
  }
  return out;
}

/** What each player did last on the current pile: 'play' or 'pass'. */
function lastMoves(log) {
  const last = {};
  for (const e of log || []) {
    if (e.event === 'clear' || e.event === 'round') for (const k of Object.keys(last)) delete last[k];
    else if (e.event === 'play') last[e.player] = 'play';
    else if (e.event === 'pass') last[e.player] = 'pass';
  }
  return last;
}

/**
 * The exchange as a player makes it: pick the cards to give in the hand, then confirm with Give.
 * Each gift is its own action in the game, so the confirmed ones are sent one after the other
 * (the next as soon as the server has taken the previous).
 */
function giftPicker(view, ctx, legalNames, myTurn, need, redraw) {
  const choosing = myTurn && view.phase === 'exchange' && !ctx.readOnly;
  if (!(myTurn && view.phase === 'exchange')) {
    gifts.picked = [];
    if (!ctx.readOnly) gifts.queue = [];
  }
  const giving = view.giving || [];
  const left = need - giving.length;
  let dispatched = false;
  if (choosing && gifts.queue.length) {
    const next = gifts.queue.shift();
    if (legalNames.has(next)) {
      setTimeout(() => ctx.act(next), 0);
      dispatched = true;
    } else {
      gifts.queue = [];
    }
  }
  const sending = dispatched || gifts.queue.length > 0;
  const hand = sortCards(view.hand || []);
  gifts.picked = gifts.picked.filter((c) => hand.includes(c) && !giving.includes(c));
  const giveButton = h('button', { type: 'button', class: 'btn primary', id: 'give-selected', 'data-key': 'give-selected' });
  const update = () => {
    const ready = choosing && !sending && gifts.picked.length === left && left > 0;
    giveButton.disabled = !ready;
    giveButton.dataset.action = ready ? `give ${rankOf(gifts.picked[0])}` : '';
    giveButton.textContent = gifts.picked.length
      ? `Give ${gifts.picked.join(' ')}`
      : `Give ${plural(left, 'card')}`;
  };
  giveButton.addEventListener('click', () => {
    if (giveButton.disabled) return;
    const names = gifts.picked.map((c) => `give ${rankOf(c)}`);
    gifts.picked = [];
    gifts.queue = names.slice(1);
    ctx.act(names[0]);
  });
  update();
  return {
    open: myTurn && view.phase === 'exchange',
    dispatched,
    giveButton,
    choosing: choosing && !sending,
    giving,
    toggle(c) {
      const at = gifts.picked.indexOf(c);
      if (at >= 0) gifts.picked.splice(at, 1);
      else {
        gifts.picked.push(c);
        while (gifts.picked.length > left) gifts.picked.shift();
      }
      // Suits do not matter (D9): a gift of a rank gives that rank's lowest card not yet chosen,
      // so the cards shown as picked are exactly the ones that will go.
      const want = gifts.picked.map(rankOf);
      gifts.picked = [];
      for (const rank of want) {
        const card = hand.find((x) => rankOf(x) === rank && !giving.includes(x) && !gifts.picked.includes(x));
        if (card) gifts.picked.push(card);
      }
      redraw();
      document.querySelector(`[data-key="${CSS.escape(`gift:${c}`)}"]`)?.focus({ preventScroll: true });
    },
    legal: (c) => legalNames.has(`give ${rankOf(c)}`),
  };
}

/** A hand card during the exchange: picked to give or not; the ones already given are marked. */
function giftCard(c, k, face, exchange) {
  const given = exchange.giving.includes(c);
  const picked = gifts.picked.includes(c);
  const ok = exchange.choosing && !given && (picked || exchange.legal(c));
  return h('button', { type: 'button', class: `card-button toggle gift${picked ? ' selected' : ''}${given ? ' given' : ''}`,
    disabled: !ok, 'aria-pressed': picked || given ? 'true' : 'false', 'data-card': c, 'data-give': c, 'data-key': `gift:${c}`,
    'aria-label': `${given ? 'Chosen to give: ' : 'Give '}${face.getAttribute('aria-label')}`, onclick: () => exchange.toggle(c) }, face);
}

/** What this player gave and got in this round's exchange, in words (null: no part in it yet). */
function exchangeSummary(view, seat, nameOf) {
  const mine = (view.exchange || []).filter((e) => e.from === seat || e.to === seat);
  const giving = view.phase === 'exchange' ? (view.giving || []) : [];
  if (!mine.length && !giving.length) return null;
  const lines = [];
  if (giving.length && !mine.length) lines.push(`You chose ${giving.join(' ')} to give; the cards change hands when every gift is chosen.`);
  for (const e of mine) {
    lines.push(e.from === seat
      ? `You gave ${e.cards.join(' ')} to ${nameOf(e.to)}.`
      : `You got ${e.cards.join(' ')} from ${nameOf(e.from)}.`);
  }
  return h('p', { class: 'exchange-summary', id: 'exchange-summary', role: 'status' },
    h('strong', {}, 'This round\u2019s exchange: '), lines.join(' '));
}

/**
 * Draw a Dai Hin Min position into `root`.
 * ctx: {view, log, legal, seat, catalog, names, act(name), readOnly}
 */
export function renderDaihinmin(root, ctx) {
  const { view, catalog, names } = ctx;
  const legal = ctx.readOnly ? [] : (ctx.legal || []);
  const legalNames = new Set(legal.map((a) => a.name));
  const mine = ctx.seat !== null && ctx.seat !== undefined;
  const myTurn = mine && legal.length > 0;
  const nameOf = (p) => (names[p] ?? `Player ${p + 1}`) + (p === ctx.seat ? ' (you)' : '');
  const hand = mine && view.hand ? sortCards(view.hand) : [];
  for (const c of [...selected]) if (!hand.includes(c)) selected.delete(c);
  if (!myTurn || view.phase !== 'play') selected.clear();

  root.replaceChildren();
  root.className = 'game daihinmin';

  // -- prompt ----------------------------------------------------------------------------------
  const prompt = h('section', { class: 'prompt', id: 'prompt', tabindex: -1, 'aria-live': 'polite', 'aria-label': 'What to do now' });
  const top = view.pile.length ? view.pile[view.pile.length - 1] : null;
  const title = view.titles[ctx.seat];
  if (view.phase === 'over') {
    prompt.append(h('p', { class: 'prompt-title' }, 'The game is over.'));
  } else if (ctx.waiting) {
    prompt.append(h('p', { class: 'prompt-title' }, 'Waiting for players: the game starts when every seat is taken.'));
  } else if (myTurn && view.phase === 'revolution') {
    const both = legalNames.has('declare revolution');
    prompt.append(h('p', { class: 'prompt-title' }, both ? 'You hold both jokers. Declare a revolution?' : 'You are the Poor Man.'));
    prompt.append(h('p', { class: 'prompt-help' }, both
      ? 'A revolution cancels the exchange: you lead, and play goes counterclockwise this round.'
      : 'With both jokers you could declare a revolution; without them, the exchange goes ahead.'));
    prompt.append(h('div', { class: 'prompt-actions' }, legal.map((a) => h('button', {
      type: 'button', class: 'btn', 'data-action': a.name, 'data-key': `act:${a.name}`, onclick: () => ctx.act(a.name),
    }, a.name === 'declare revolution' ? 'Declare a revolution!' : both ? 'Keep quiet' : 'Continue'))));
  } else if (myTurn && view.phase === 'exchange') {
    const need = title === 'Rich Man' ? 2 : 1;
    const partner = (view.titles || []).indexOf(title === 'Rich Man' ? 'Poor Man' : 'Second Poorest');
    prompt.append(h('p', { class: 'prompt-title' },
      `Exchange: choose ${plural(need, 'card')} to give ${partner >= 0 ? nameOf(partner) : 'away'}`));
    prompt.append(h('p', { class: 'prompt-help' },
      `Pick ${need > 1 ? 'them' : 'it'} in your hand, then Give. You get ${partner >= 0 ? nameOf(partner) : 'their'}'s best ${plural(need, 'card')} in return.`));
  } else if (myTurn) {
    prompt.append(h('p', { class: 'prompt-title' }, top
      ? `Your turn: beat ${top.cards.join(' ')} with ${plural(top.cards.length, 'card')} of a higher rank, or pass`
      : 'Your turn: lead a new pile with any set'));
    prompt.append(h('p', { class: 'prompt-help' }, 'Select cards in your hand, then Play. Jokers join any set; alone, a joker is the lowest card.'));
  } else {
    const turn = view.turn;
    const phaseWords = view.phase === 'exchange' ? 'choosing cards to give' : view.phase === 'revolution' ? 'deciding on a revolution' : 'playing';
    prompt.append(h('p', { class: 'prompt-title' }, turn === null || turn === undefined ? 'Waiting…' : `${nameOf(turn)} is ${phaseWords}…`));
  }
  if (view.revolution) prompt.append(h('p', { class: 'revolution-banner' }, 'Revolution! Play goes counterclockwise this round.'));
  root.append(prompt);

  // -- the table: seats in order, and the pile --------------------------------------------------
  const last = lastMoves(ctx.log);
  const ccw = view.direction === 'counterclockwise';
  const seats = h('ol', { class: 'dhm-seats', 'data-direction': view.direction,
    'aria-label': `Seats, in playing order (${view.direction})` });
  seats.append(h('li', { class: `dhm-direction${ccw ? ' reversed' : ''}`, id: 'direction' },
    ccw ? '↺ Play goes counterclockwise (revolution)' : '↻ Play goes clockwise'));
  // Listed in the order of play: a revolution reverses it.
  const playOrder = ccw ? [view.seating[0], ...view.seating.slice(1).reverse()] : view.seating;
  for (const p of playOrder) {
    const place = view.finished.indexOf(p);
    const tags = [];
    if (view.titles[p]) tags.push(h('span', { class: 'title-badge' }, view.titles[p]));
    if (place >= 0) tags.push(h('span', { class: 'out-badge' }, `out ${PLACES[place]}`));
    else if (last[p] === 'pass') tags.push(h('span', { class: 'pass-badge' }, 'passed'));
    const left = view.hands && view.hands[p] ? view.hands[p] : null;
    seats.append(h('li', { class: `dhm-seat${p === view.turn ? ' current' : ''}${p === ctx.seat ? ' me' : ''}`, 'data-player': p },
      h('div', { class: 'seat-name' }, h('strong', {}, nameOf(p)), p === view.dealer ? h('span', { class: 'muted' }, ' · dealer') : ''),
      h('div', { class: 'seat-tags' }, tags),
      h('div', { class: 'seat-cards' }, cardBack(view.hand_sizes[p], { width: 34, height: 48, label: plural(view.hand_sizes[p], 'card') }),
        h('span', {}, ` ${plural(view.hand_sizes[p], 'card')} · ${plural(view.scores[p], 'point')}`)),
      left && left.length ? h('div', { class: 'muted small' }, `left: ${left.join(' ')}`) : ''));
  }
  const pile = h('section', { class: 'dhm-pile', 'aria-label': 'The pile' });
  pile.append(h('h2', {}, top ? 'The pile' : 'The pile is empty'));
  const shown = view.pile.slice(-4);
  const stack = h('div', { class: 'pile-sets' });
  shown.forEach((set, k) => {
    const latest = k === shown.length - 1;
    stack.append(h('figure', { class: `pile-set${latest ? ' latest' : ''}` },
      h('div', { class: 'set-cards' }, set.cards.map((c) => playingCard(c, catalog, latest ? {} : { width: 44, height: 64 }))),
      h('figcaption', {}, nameOf(set.player))));
  });
  if (!shown.length) stack.append(h('p', { class: 'muted' }, view.phase === 'play' ? 'Whoever leads plays any set.' : ''));
  pile.append(stack);
  root.append(h('div', { class: 'dhm-table' }, seats, pile));

  // -- your hand -------------------------------------------------------------------------------
  if (mine && view.hand) {
    const section = h('section', { class: 'hand', id: 'hand', 'aria-label': 'Your hand' });
    section.append(h('h2', {}, `Your hand (${hand.length})`));
    const ranks = ranksOfLegal(legal);
    const cardsRow = h('div', { class: 'hand-cards dhm-hand', role: 'group', 'aria-label': 'Your cards' });
    const playBtn = h('button', { type: 'button', class: 'btn primary', id: 'play-selected', 'data-key': 'play-selected' }, 'Play');
    const passBtn = h('button', { type: 'button', class: 'btn', disabled: !legalNames.has('pass'), 'data-action': 'pass',
      'data-key': 'act:pass', onclick: () => { selected.clear(); ctx.act('pass'); } }, 'Pass');
    const clearBtn = h('button', { type: 'button', class: 'btn subtle', 'data-key': 'clear-selection',
      onclick: () => { selected.clear(); renderDaihinmin(root, ctx); } }, 'Clear');
    const updatePlay = () => {
      const name = playName([...selected]);
      const ok = !!name && legalNames.has(name);
      playBtn.disabled = !ok;
      playBtn.dataset.action = ok ? name : '';
      playBtn.textContent = selected.size ? (ok ? `Play ${[...selected].join(' ')}` : 'Not a legal set') : 'Play';
    };
    playBtn.addEventListener('click', () => {
      const name = playName([...selected]);
      if (name && legalNames.has(name)) {
        selected.clear();
        ctx.act(name);
      }
    });
    const received = new Set((view.exchange || []).filter((e) => e.to === ctx.seat).flatMap((e) => e.cards));
    const exchange = giftPicker(view, ctx, legalNames, myTurn, title === 'Rich Man' ? 2 : 1, () => renderDaihinmin(root, ctx));
    hand.forEach((c, k) => {
      const rank = rankOf(c);
      const face = playingCard(c, catalog);
      if (view.phase === 'exchange') {
        cardsRow.append(giftCard(c, k, face, exchange));
        return;
      }
      const ok = myTurn && view.phase === 'play' && ranks.has(rank);
      const got = received.has(c);
      const b = h('button', { type: 'button', class: `card-button toggle${selected.has(c) ? ' selected' : ''}${got ? ' received' : ''}`,
        disabled: !ok, 'aria-pressed': selected.has(c) ? 'true' : 'false', 'data-card': c, 'data-key': `card:${c}:${k}`,
        'aria-label': `${face.getAttribute('aria-label')}${got ? ', received in the exchange' : ''}` }, face);
      b.addEventListener('click', () => {
        if (selected.has(c)) selected.delete(c);
        else {
          // Picking a card of another rank starts a new selection (jokers combine with anything).
          if (!isJoker(c)) for (const o of [...selected]) if (!isJoker(o) && rankOf(o) !== rank) selected.delete(o);
          selected.add(c);
        }
        for (const el of cardsRow.querySelectorAll('.card-button')) {
          const on = selected.has(el.dataset.card);
          el.classList.toggle('selected', on);
          el.setAttribute('aria-pressed', on ? 'true' : 'false');
        }
        updatePlay();
      });
      cardsRow.append(b);
    });
    if (!hand.length) cardsRow.append(h('p', { class: 'muted' }, view.finished.includes(ctx.seat) ? 'You are out of cards.' : 'No cards.'));
    section.append(cardsRow);
    if (exchange.open) section.append(h('div', { class: 'hand-actions' }, exchange.giveButton));
    if (exchange.dispatched) root.setAttribute('aria-busy', 'true');   // the next gift is on its way
    const summary = exchangeSummary(view, ctx.seat, nameOf);
    if (summary) section.append(summary);
    if (view.phase === 'play') {
      section.append(h('div', { class: 'hand-actions' }, playBtn, passBtn, clearBtn));
      updatePlay();
      const plays = legal.filter((a) => a.name.startsWith('play'));
      if (myTurn && plays.length) {
        section.append(h('details', { class: 'legal-plays' }, h('summary', {}, `All legal plays (${plays.length})`),
          h('div', { class: 'chips' }, plays.map((a) => h('button', { type: 'button', class: 'chip', 'data-key': `chip:${a.name}`,
            onclick: () => {
              selected.clear();
              for (const c of cardsFor(a.name, hand)) selected.add(c);
              renderDaihinmin(root, ctx);
              document.getElementById('play-selected')?.focus();
            } }, a.name.slice(5))))));
      }
    }
    if (view.known && view.known.length) {
      section.append(h('p', { class: 'muted small' }, 'You know: ',
        view.known.map((k) => `${nameOf(k.player)} holds ${k.cards.join(' ')}`).join('; '), '.'));
    }
    root.append(section);
  }

  // -- scores and titles -----------------------------------------------------------------------
  const order = [...Array(view.players).keys()].sort((a, b) => view.scores[b] - view.scores[a]);
  root.append(h('section', { class: 'dhm-scores', 'aria-label': 'Scores' },
    h('h2', {}, `Scores — round ${view.round}, ${view.target ? `first to ${view.target} points` : ''}${view.max_rounds ? `, ${view.max_rounds} rounds at most` : ''}`),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Title'), h('th', { scope: 'col' }, 'Points'))),
      h('tbody', {}, order.map((p) => h('tr', { class: p === ctx.seat ? 'me' : '' },
        h('td', {}, nameOf(p)), h('td', {}, view.titles[p] || '—'), h('td', {}, String(view.scores[p]))))))));
}

export function daihinminResult(view, names) {
  const winners = (view.winners || []).map((p) => names[p] ?? `Player ${p + 1}`);
  const scores = view.scores.map((sc, p) => `${names[p] ?? p}: ${sc}`).join(', ');
  return `${listWords(winners)} ${winners.length > 1 ? 'win' : 'wins'}! Points — ${scores}.`;
}
