// Dai Hin Min: your hand, select cards and play or pass, the pile and who played it, card counts,
// titles, scores, the exchange and the revolution question.
//
// The rules stay on the server. Each legal action comes as {id, text, kind, params} (docs/WEB-API.md,
// "Actions as data"): a selection of cards is matched to the legal play with the same rank, naturals
// and jokers, and the play's params name the cards it takes; a gift's params name the cards of its
// rank in the order gifts take them; the view says how many cards this player gives and to whom
// (must_give); the catalog gives every card's rank and suit.
import { h, plural, listWords } from './dom.js';
import { playingCard, cardBack } from './cards.js';

const selected = new Set();   // the cards picked in the hand, kept across updates
const gifts = { picked: [], queue: [] };   // exchange: cards picked to give; ids of confirmed gifts still to send

const PLACES = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th'];

/** What the catalog says of a card: {rank, suit, joker} (rank null for a joker). */
function cardOf(catalog, name) {
  return (catalog.playing_cards && catalog.playing_cards[name]) || { rank: name, suit: '', joker: null };
}

const isJoker = (catalog, name) => cardOf(catalog, name).rank === null;

/** The legal play that plays exactly this selection (null: none does). */
function playFor(cards, plays, catalog) {
  const naturals = cards.filter((c) => !isJoker(catalog, c));
  const ranks = new Set(naturals.map((c) => cardOf(catalog, c).rank));
  if (!cards.length || ranks.size > 1) return null;
  const rank = naturals.length ? [...ranks][0] : null;
  return plays.find((a) => a.params.rank === rank && a.params.naturals === naturals.length
    && a.params.jokers === cards.length - naturals.length) || null;
}

/** Cards in words: "7♦ 7♠", "7♦ 7♠ and a joker", "2 jokers" (never a joker's name in the card set). */
export function cardWords(cards, catalog = {}) {
  if (!cards || !cards.length) return 'nothing';
  const naturals = cards.filter((c) => !isJoker(catalog, c));
  const jokers = cards.length - naturals.length;
  if (!jokers) return naturals.join(' ');
  const j = jokers === 1 ? 'a joker' : `${jokers} jokers`;
  return naturals.length ? `${naturals.join(' ')} and ${j}` : j;
}

/** The log in words: [{n, text, private}]. */
export function log(entries, names, seat, catalog = {}) {
  const who = (p) => (p === seat ? 'You' : names[p] ?? `Player ${p + 1}`);   // who does something
  const whom = (p) => (p === seat ? 'you' : who(p));                          // to whom, or not first
  const does = (p, you, other) => `${who(p)} ${p === seat ? you : other}`;  // "You lead", "Ann leads"
  const list = (cards) => cardWords(cards, catalog);
  const out = [];
  for (const e of entries || []) {
    let text = null;
    switch (e.event) {
      case 'round': text = `Round ${e.round}: ${does(e.dealer, 'deal', 'deals')}.`; break;
      case 'dealt': text = `${who(e.player)} ${e.player === seat ? 'were' : 'was'} dealt ${plural(e.cards.length, 'card')}.`; break;
      case 'revolution':
        text = e.declared ? `${who(e.player)} showed both jokers: Revolution! No exchange; play goes counterclockwise.` : null;
        break;
      case 'gift': text = `${who(e.player)} chose ${list(e.cards)} for ${whom(e.receiver)}.`; break;
      case 'exchange': {
        const poor = e.poor_man === seat;
        text = `Exchange: ${does(e.poor_man, 'give', 'gives')} ${whom(e.rich_man)} ${poor ? 'your' : 'their'} best cards `
          + `and ${poor ? 'get' : 'gets'} as many back; ${who(e.second_poorest)} and ${whom(e.second_richest)} swap the same way.`;
        break;
      }
      case 'swap': text = `${who(e.player)} gave ${list(e.gave)} to ${whom(e.partner)} and got ${list(e.got)}.`; break;
      case 'play': text = `${who(e.player)} played ${list(e.cards)}.`; break;
      case 'pass': text = `${who(e.player)} passed.`; break;
      case 'clear': text = `Everyone passed: the pile is swept away. ${does(e.leader, 'lead', 'leads')}.`; break;
      case 'out': text = `${who(e.player)} went out ${PLACES[e.place - 1] || e.place} (+${plural(e.points, 'point')}).`; break;
      case 'round end':
        text = `Round ${e.round} is over: ${e.order.map((p, i) => `${i + 1}. ${who(p)}`).join(', ')}.`;
        break;
      case 'game end':
        text = `Game over${e.truncated ? ' (round limit)' : ''}: ${listWords(e.winners.map((p, i) => (i ? whom(p) : who(p))))} `
          + `${e.winners.length > 1 || e.winners[0] === seat ? 'win' : 'wins'}.`;
        break;
      default: text = e.event;
    }
    if (text) out.push({ n: e.n ?? e.after, text, private: e.n === undefined });
  }
  return out;
}

/** An action in words: a play or a gift names its cards ("play 7♦ 7♠ and a joker"); others read as their text. */
export function actionWords(action, names, catalog = {}) {
  const p = action.params || {};
  const cards = Array.isArray(p.cards) ? p.cards : [];
  if (action.kind === 'play' && cards.length) return `play ${cardWords(cards, catalog)}`;
  if (action.kind === 'give' && cards.length) return `give ${cardWords(cards.slice(0, 1), catalog)}`;
  return String(action.text ?? action.action ?? action.name ?? '');
}

/** What each player did last on the current pile: 'play' or 'pass'. */
function lastMoves(entries) {
  const last = {};
  for (const e of entries || []) {
    if (e.event === 'clear' || e.event === 'round') for (const k of Object.keys(last)) delete last[k];
    else if (e.event === 'play') last[e.player] = 'play';
    else if (e.event === 'pass') last[e.player] = 'pass';
  }
  return last;
}

/**
 * The exchange as a player makes it: pick the cards to give in the hand, then confirm with Give.
 * Each gift is its own action in the game, so the confirmed ones are sent one after the other
 * (the next as soon as the server has taken the previous). A card picked stands for a gift of its
 * rank: the card shown as picked is the one that gift gives (its params' cards, in order).
 */
function giftPicker(view, ctx, legal, open, redraw) {
  const gives = legal.filter((a) => a.kind === 'give');
  const choosing = open && !ctx.readOnly;
  if (!open) {
    gifts.picked = [];
    if (!ctx.readOnly) gifts.queue = [];
  }
  const giving = view.giving || [];
  const need = view.must_give ? view.must_give.count : 1;
  const left = need - giving.length;
  let dispatched = false;
  if (choosing && gifts.queue.length) {
    const next = gives.find((a) => a.id === gifts.queue[0]);
    gifts.queue.shift();
    if (next) {
      setTimeout(() => ctx.act(next), 0);
      dispatched = true;
    } else {
      gifts.queue = [];
    }
  }
  const sending = dispatched || gifts.queue.length > 0;
  const giftOf = (c) => gives.find((a) => a.params.cards.includes(c)) || null;
  gifts.picked = gifts.picked.filter((c) => giftOf(c));
  const giveButton = h('button', { type: 'button', class: 'btn primary', id: 'give-selected', 'data-key': 'give-selected' });
  const ready = choosing && !sending && gifts.picked.length === left && left > 0;
  const first = ready ? giftOf(gifts.picked[0]) : null;
  giveButton.disabled = !ready;
  giveButton.dataset.action = first ? first.text : '';
  if (first) giveButton.dataset.actionId = first.id;
  giveButton.textContent = gifts.picked.length ? `Give ${cardWords(gifts.picked, ctx.catalog)}` : `Give ${plural(left, 'card')}`;
  giveButton.addEventListener('click', () => {
    if (giveButton.disabled) return;
    const chosen = gifts.picked.map(giftOf);
    gifts.picked = [];
    gifts.queue = chosen.slice(1).map((a) => a.id);
    ctx.act(chosen[0]);
  });
  return {
    open,
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
      // The k-th gift of a rank gives the k-th card its params name, whichever suit was clicked.
      const wanted = gifts.picked.map(giftOf);
      const taken = new Map();
      gifts.picked = [];
      for (const a of wanted) {
        const k = taken.get(a.id) || 0;
        taken.set(a.id, k + 1);
        if (a.params.cards[k]) gifts.picked.push(a.params.cards[k]);
      }
      redraw();
      document.querySelector(`[data-key="${CSS.escape(`gift:${c}`)}"]`)?.focus({ preventScroll: true });
    },
    legal: (c) => !!giftOf(c),
  };
}

/** A hand card during the exchange: picked to give or not; the ones already given are marked. */
function giftCard(c, face, exchange) {
  const given = exchange.giving.includes(c);
  const picked = gifts.picked.includes(c);
  const ok = exchange.choosing && !given && (picked || exchange.legal(c));
  return h('button', { type: 'button', class: `card-button toggle gift${picked ? ' selected' : ''}${given ? ' given' : ''}`,
    disabled: !ok, 'aria-pressed': picked || given ? 'true' : 'false', 'data-card': c, 'data-give': c, 'data-key': `gift:${c}`,
    'aria-label': `${given ? 'Chosen to give: ' : 'Give '}${face.getAttribute('aria-label')}`, onclick: () => exchange.toggle(c) }, face);
}

/** What this player gave and got in this round's exchange, in words (null: no part in it yet). */
function exchangeSummary(view, seat, nameOf, catalog) {
  const words = (cards) => cardWords(cards, catalog);
  const mine = (view.exchange || []).filter((e) => e.from === seat || e.to === seat);
  const giving = view.phase === 'exchange' ? (view.giving || []) : [];
  if (!mine.length && !giving.length) return null;
  const lines = [];
  if (giving.length && !mine.length) lines.push(`You chose ${words(giving)} to give; the cards change hands when every gift is chosen.`);
  for (const e of mine) {
    lines.push(e.from === seat
      ? `You gave ${words(e.cards)} to ${nameOf(e.to)}.`
      : `You got ${words(e.cards)} from ${nameOf(e.from)}.`);
  }
  return h('p', { class: 'exchange-summary', id: 'exchange-summary', role: 'status' },
    h('strong', {}, 'This round\u2019s exchange: '), lines.join(' '));
}

/** Draw again after cards were picked: the whole page when it can (its hint bar stays), else this game. */
function redraw(root, ctx) {
  if (ctx.redraw) ctx.redraw();
  else render(root, ctx);
}

/** A button for a legal action, labelled `label`. */
function actionButton(ctx, a, label) {
  return h('button', { type: 'button', class: 'btn', 'data-action': a.text, 'data-action-id': a.id,
    'data-key': `act:${a.id}`, onclick: () => ctx.act(a) }, label);
}

/** What to do now: the prompt bar. */
function promptBar(ctx, legal, myTurn, nameOf) {
  const { view } = ctx;
  const prompt = h('section', { class: 'prompt', id: 'prompt', tabindex: -1, 'aria-live': 'polite', 'aria-label': 'What to do now' });
  const say = (cls, text) => prompt.append(h('p', { class: cls }, text));
  const top = view.pile.length ? view.pile[view.pile.length - 1] : null;
  if (view.phase === 'over') {
    say('prompt-title', 'The game is over.');
  } else if (ctx.waiting) {
    say('prompt-title', 'Waiting for players: the game starts when every seat is taken.');
  } else if (myTurn && view.phase === 'revolution') {
    const both = legal.some((a) => a.kind === 'revolution' && a.params.declare);
    say('prompt-title', both ? 'You hold both jokers. Declare a revolution?' : 'You are the Poor Man.');
    say('prompt-help', both
      ? 'A revolution cancels the exchange: you lead, and play goes counterclockwise this round.'
      : 'With both jokers you could declare a revolution; without them, the exchange goes ahead.');
    prompt.append(h('div', { class: 'prompt-actions' }, legal.map((a) => actionButton(ctx, a,
      a.params.declare ? 'Declare a revolution!' : both ? 'Keep quiet' : 'Go on to the exchange'))));
  } else if (myTurn && view.phase === 'exchange') {
    const due = view.must_give || { to: -1, count: 1, back: 1 };
    const partner = due.to >= 0 ? nameOf(due.to) : null;
    say('prompt-title', `Exchange: choose ${plural(due.count, 'card')} to give ${partner || 'away'}`);
    say('prompt-help', `Pick ${due.count > 1 ? 'them' : 'it'} in your hand, then Give. `
      + `You get ${partner ? `${partner}'s` : 'their'} best ${plural(due.back, 'card')} in return.`);
  } else if (myTurn) {
    say('prompt-title', top
      ? `Your turn: beat ${cardWords(top.cards, ctx.catalog)} with ${plural(top.cards.length, 'card')} of a higher rank, or pass`
      : 'Your turn: lead a new pile with any set');
    say('prompt-help', 'Select cards in your hand, then Play. Jokers join any set; alone, a joker is the lowest card.');
  } else {
    const turn = view.turn;
    const doing = { exchange: 'choosing cards to give', revolution: 'deciding on a revolution' }[view.phase] || 'playing';
    say('prompt-title', turn === null || turn === undefined ? 'Waiting…' : `${nameOf(turn)} is ${doing}…`);
  }
  if (view.revolution) say('revolution-banner', 'Revolution! Play goes counterclockwise this round.');
  return prompt;
}

/** The seats in the order of play (a revolution reverses it) beside the pile. */
function tableArea(ctx, nameOf) {
  const { view, catalog } = ctx;
  const last = lastMoves(ctx.log);
  const ccw = view.direction === 'counterclockwise';
  const seats = h('ol', { class: 'dhm-seats', 'data-direction': view.direction,
    'aria-label': `Seats, in playing order (${view.direction})` });
  seats.append(h('li', { class: `dhm-direction${ccw ? ' reversed' : ''}`, id: 'direction' },
    ccw ? '↺ Play goes counterclockwise (revolution)' : '↻ Play goes clockwise'));
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
      left && left.length ? h('div', { class: 'muted small' }, `left: ${cardWords(left, catalog)}`) : ''));
  }
  const top = view.pile.length ? view.pile[view.pile.length - 1] : null;
  const pile = h('section', { class: 'dhm-pile', 'aria-label': 'The pile' }, h('h2', {}, top ? 'The pile' : 'The pile is empty'));
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
  return h('div', { class: 'dhm-table' }, seats, pile);
}

/** The controls of the play: Play (the selection), Pass, Clear, and the list of every legal play. */
function playControls(root, ctx, legal, myTurn, hand, cardsRow) {
  const { catalog } = ctx;
  const plays = legal.filter((a) => a.kind === 'play');
  const pass = legal.find((a) => a.kind === 'pass');
  const playBtn = h('button', { type: 'button', class: 'btn primary', id: 'play-selected', 'data-key': 'play-selected' }, 'Play');
  const passBtn = h('button', { type: 'button', class: 'btn', disabled: !pass, 'data-action': pass ? pass.text : '',
    'data-action-id': pass ? pass.id : null, 'data-key': 'act:pass', onclick: () => { selected.clear(); ctx.act(pass); } }, 'Pass');
  const clearBtn = h('button', { type: 'button', class: 'btn subtle', 'data-key': 'clear-selection',
    onclick: () => { selected.clear(); redraw(root, ctx); } }, 'Clear');
  const update = () => {
    const a = playFor([...selected], plays, catalog);
    playBtn.disabled = !a;
    playBtn.dataset.action = a ? a.text : '';
    playBtn.dataset.actionId = a ? a.id : '';
    playBtn.textContent = selected.size ? (a ? `Play ${cardWords([...selected], catalog)}` : 'Not a legal set') : 'Play';
  };
  playBtn.addEventListener('click', () => {
    const a = playFor([...selected], plays, catalog);
    if (a) {
      selected.clear();
      ctx.act(a);
    }
  });
  update();
  const out = [h('div', { class: 'hand-actions' }, playBtn, passBtn, clearBtn)];
  if (myTurn && plays.length) {
    out.push(h('details', { class: 'legal-plays' }, h('summary', {}, `All legal plays (${plays.length})`),
      h('div', { class: 'chips' }, plays.map((a) => h('button', { type: 'button', class: 'chip', 'data-key': `chip:${a.id}`,
        'data-text': a.text, 'data-action-id': a.id,
        onclick: () => {
          selected.clear();
          for (const c of a.params.cards) selected.add(c);
          redraw(root, ctx);
          document.getElementById('play-selected')?.focus();
        } }, cardWords(a.params.cards, catalog))))));
  }
  // Cards that some legal play uses can be selected; picking another rank starts a new selection.
  const ranks = new Set(plays.filter((a) => a.params.naturals).map((a) => a.params.rank));
  const jokers = plays.some((a) => a.params.jokers > 0);
  const received = new Set((ctx.view.exchange || []).filter((e) => e.to === ctx.seat).flatMap((e) => e.cards));
  hand.forEach((c, k) => {
    const face = playingCard(c, catalog);
    const joker = isJoker(catalog, c);
    const rank = cardOf(catalog, c).rank;
    const ok = myTurn && (joker ? jokers : ranks.has(rank));
    const got = received.has(c);
    const b = h('button', { type: 'button', class: `card-button toggle${selected.has(c) ? ' selected' : ''}${got ? ' received' : ''}`,
      disabled: !ok, 'aria-pressed': selected.has(c) ? 'true' : 'false', 'data-card': c, 'data-key': `card:${c}:${k}`,
      'aria-label': `${face.getAttribute('aria-label')}${got ? ', received in the exchange' : ''}` }, face);
    b.addEventListener('click', () => {
      if (selected.has(c)) selected.delete(c);
      else {
        if (!joker) for (const o of [...selected]) if (!isJoker(catalog, o) && cardOf(catalog, o).rank !== rank) selected.delete(o);
        selected.add(c);
      }
      for (const el of cardsRow.querySelectorAll('.card-button')) {
        const on = selected.has(el.dataset.card);
        el.classList.toggle('selected', on);
        el.setAttribute('aria-pressed', on ? 'true' : 'false');
      }
      update();
    });
    cardsRow.append(b);
  });
  return out;
}

/** Your hand: cards to select and play, or to pick as gifts in the exchange. */
function handSection(root, ctx, legal, myTurn, nameOf) {
  const { view, catalog } = ctx;
  const hand = view.hand || [];
  const section = h('section', { class: 'hand', id: 'hand', 'aria-label': 'Your hand' }, h('h2', {}, `Your hand (${hand.length})`));
  const cardsRow = h('div', { class: 'hand-cards dhm-hand', role: 'group', 'aria-label': 'Your cards' });
  const exchange = giftPicker(view, ctx, legal, myTurn && view.phase === 'exchange', () => redraw(root, ctx));
  let controls = [];
  if (view.phase === 'exchange') {
    hand.forEach((c) => cardsRow.append(giftCard(c, playingCard(c, catalog), exchange)));
  } else {
    controls = playControls(root, ctx, view.phase === 'play' ? legal : [], myTurn && view.phase === 'play', hand, cardsRow);
  }
  if (!hand.length) cardsRow.append(h('p', { class: 'muted' }, view.finished.includes(ctx.seat) ? 'You are out of cards.' : 'No cards.'));
  section.append(cardsRow);
  if (exchange.open) section.append(h('div', { class: 'hand-actions' }, exchange.giveButton));
  if (exchange.dispatched) root.setAttribute('aria-busy', 'true');   // the next gift is on its way
  const summary = exchangeSummary(view, ctx.seat, nameOf, catalog);
  if (summary) section.append(summary);
  if (view.phase === 'play' && !ctx.replay) section.append(...controls);   // a replay takes no action
  if (view.known && view.known.length) {
    section.append(h('p', { class: 'muted small' }, 'You know: ',
      view.known.map((k) => `${nameOf(k.player)} holds ${cardWords(k.cards, catalog)}`).join('; '), '.'));
  }
  return section;
}

function scoreTable(ctx, nameOf) {
  const { view } = ctx;
  const order = [...Array(view.players).keys()].sort((a, b) => view.scores[b] - view.scores[a]);
  return h('section', { class: 'dhm-scores', 'aria-label': 'Scores' },
    h('h2', {}, `Scores — round ${view.round}, ${view.target ? `first to ${view.target} points` : ''}${view.max_rounds ? `, ${view.max_rounds} rounds at most` : ''}`),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Title'), h('th', { scope: 'col' }, 'Points'))),
      h('tbody', {}, order.map((p) => h('tr', { class: p === ctx.seat ? 'me' : '' },
        h('td', {}, nameOf(p)), h('td', {}, view.titles[p] || '—'), h('td', {}, String(view.scores[p])))))));
}

/**
 * Draw a Dai Hin Min position into `root`.
 * ctx: {view, log, legal, seat, catalog, names, act(action), readOnly, waiting}
 */
export function render(root, ctx) {
  const { view, names } = ctx;
  const legal = ctx.readOnly ? [] : (ctx.legal || []);
  const mine = ctx.seat !== null && ctx.seat !== undefined;
  const myTurn = mine && legal.length > 0;
  const nameOf = (p) => (names[p] ?? `Player ${p + 1}`) + (p === ctx.seat ? ' (you)' : '');
  const hand = mine && view.hand ? view.hand : [];
  for (const c of [...selected]) if (!hand.includes(c)) selected.delete(c);
  if (!myTurn || view.phase !== 'play') selected.clear();

  root.replaceChildren();
  root.className = 'game daihinmin';
  root.append(promptBar(ctx, legal, myTurn, nameOf));
  root.append(tableArea(ctx, nameOf));
  if (mine && view.hand) root.append(handSection(root, ctx, legal, myTurn, nameOf));
  root.append(scoreTable(ctx, nameOf));
}

export function result(view, names) {
  const winners = (view.winners || []).map((p) => names[p] ?? `Player ${p + 1}`);
  const scores = view.scores.map((sc, p) => `${names[p] ?? p}: ${sc}`).join(', ');
  return `${listWords(winners)} ${winners.length > 1 ? 'win' : 'wins'}! Points — ${scores}.`;
}

/** Every hand is secret. */
export function privateView() {
  return true;
}

/** The first usable control: a button, else a selectable card. */
export function firstControl(root) {
  return root.querySelector('[data-action]:not([disabled]):not([data-action=""]), .dhm-hand .card-button:not([disabled])')
    || root.querySelector('#prompt');
}
