// @ts-check
// Dai Hin Min: your hand, select cards and play or pass, the pile and who played it, card counts,
// titles, scores, the exchange and the revolution question.
//
// The rules stay on the server. Each legal action comes as {id, text, kind, params} (docs/WEB-API.md,
// "Actions as data"): a selection of cards is matched to the legal play with the same rank, naturals
// and jokers, and the play's params name the cards it takes; a gift's params name the cards of its
// rank in the order gifts take them; the view says how many cards this player gives and to whom
// (must_give); the catalog gives every card's rank and suit. With house rules that make suits count
// (sequences, the suit lock, the spade 3) a play names its very cards, so a selection is matched
// to the legal play that takes exactly those cards, runs of several ranks included.
//
// Every word comes from the page's catalog (i18n.js, keys daihinmin.…): the view and the log carry
// data only — titles ("Poor Man"), card names, action notation — and this module says them, with
// "you" for the reader's own seat ("You lead", 「あなたが…」; other players 「Annさんが…」).
import { h } from './dom.js';
import { t, list } from './i18n.js';
import { playingCard, cardBack } from './cards.js';

/**
 * What a player picked, kept between two drawings of the table in the page's `ctx.memory` (one
 * per table, games.js): the cards selected in the hand; and the exchange's — the cards picked to
 * give, the ids of confirmed gifts still to send, how many gifts the view must show before the
 * next is sent (the previous one taken), and the count of refusals when the last was sent (a
 * refused gift drops the rest).
 * @typedef {{selected: Set<string>, gifts: {picked: string[], queue: number[], waitFor: number, refusals: number}}} Picks
 * @param {{memory?: Record<string, unknown>}} ctx
 * @returns {Picks}
 */
function picksOf(ctx) {
  const memory = ctx.memory ?? {};
  memory.daihinmin ??= { selected: new Set(), gifts: { picked: [], queue: [], waitFor: 0, refusals: 0 } };
  return /** @type {Picks} */ (memory.daihinmin);
}

const TITLES = {
  'Rich Man': 'daihinmin.title.rich_man',
  'Second Richest': 'daihinmin.title.second_richest',
  Merchant: 'daihinmin.title.merchant',
  'Second Poorest': 'daihinmin.title.second_poorest',
  'Poor Man': 'daihinmin.title.poor_man',
};
const PLACES = ['daihinmin.place.1', 'daihinmin.place.2', 'daihinmin.place.3', 'daihinmin.place.4',
  'daihinmin.place.5', 'daihinmin.place.6', 'daihinmin.place.7'];

/** A title of the view (English data: "Poor Man") in the page's words: "Poor Man", 「大貧民」. */
export function titleWords(title) {
  return title ? (TITLES[title] ? t(TITLES[title]) : title) : '';
}

/** A finishing place (1 for the first) in words: "1st", 「1位」. */
function placeWords(place) {
  return PLACES[place - 1] ? t(PLACES[place - 1]) : String(place);
}

/** The players of a table as sentences name them, seen from `seat` (the reader's own seat, or
 *  none): name(p) as the table shows it; who(p) the subject of a sentence ("You", "Ann"; 「あなた」,
 *  「Annさん」); whom(p) anywhere else ("you", "Ann"); you(p) whether p is the reader. */
function people(names, seat) {
  const name = (p) => (names && names[p]) ?? t('daihinmin.player_n', { n: p + 1 });
  const you = (p) => seat !== null && seat !== undefined && p === seat;
  return {
    name,
    you,
    who: (p) => (you(p) ? t('daihinmin.you') : t('daihinmin.someone', { name: name(p) })),
    whom: (p) => (you(p) ? t('daihinmin.you_object') : t('daihinmin.someone', { name: name(p) })),
  };
}

const SOHMAS = {
  Yuki: 'daihinmin.sohma.yuki', Hatsuharu: 'daihinmin.sohma.hatsuharu', Kisa: 'daihinmin.sohma.kisa',
  Momiji: 'daihinmin.sohma.momiji', Hatori: 'daihinmin.sohma.hatori', Ayame: 'daihinmin.sohma.ayame',
  Horse: 'daihinmin.sohma.horse', Hiro: 'daihinmin.sohma.hiro', Ritsu: 'daihinmin.sohma.ritsu',
  Bird: 'daihinmin.sohma.bird', Shigure: 'daihinmin.sohma.shigure', Kagura: 'daihinmin.sohma.kagura',
  Kyo: 'daihinmin.sohma.kyo',
};
const JOKERS = { 'Saki Hanajima': 'daihinmin.joker.hanajima', 'Arisa Uotani': 'daihinmin.joker.uotani' };
const said = new WeakMap();

/** The catalog with the names printed on the cards — each card's Sohma, the jokers' names — in the
 *  page's language (the deck's names are English data). */
function saidCatalog(catalog) {
  if (!catalog || typeof catalog !== 'object') return {};
  if (!said.has(catalog)) {
    said.set(catalog, { ...catalog,
      friendship_cards: (catalog.friendship_cards || []).map((f) => ({ ...f, sohma: SOHMAS[f.sohma] ? t(SOHMAS[f.sohma]) : f.sohma })),
      jokers: (catalog.jokers || []).map((j) => ({ ...j, name: JOKERS[j.name] ? t(JOKERS[j.name]) : j.name })) });
  }
  return said.get(catalog);
}

/** A card's face, its names in the page's language. */
function cardFace(card, catalog, opts = {}) {
  return playingCard(card, saidCatalog(catalog), opts);
}

/** What the catalog says of a card: {rank, suit, joker} (rank null for a joker). */
function cardOf(catalog, name) {
  return (catalog.playing_cards && catalog.playing_cards[name]) || { rank: name, suit: '', joker: null };
}

const isJoker = (catalog, name) => cardOf(catalog, name).rank === null
  || (!(catalog.playing_cards && catalog.playing_cards[name]) && /^joker/.test(name));

/** Whether plays name their very cards (house rules where suits count: their params say `run`). */
const namesCards = (plays) => plays.some((a) => a.params.run !== undefined);

/** The legal plays that play exactly this selection: several when a joker may stand for more
 *  than one card (named jokers, D21). */
function playsFor(cards, plays, catalog) {
  const naturals = cards.filter((c) => !isJoker(catalog, c));
  if (!cards.length || !namesCards(plays)) {
    const one = playFor(cards, plays, catalog);
    return one ? [one] : [];
  }
  const jokers = cards.length - naturals.length;
  return plays.filter((a) => {
    const own = a.params.cards.filter((c) => !isJoker(catalog, c));
    return a.params.cards.length && own.length === naturals.length && naturals.every((c) => own.includes(c))
      && a.params.jokers === jokers;
  });
}

/** What a play's jokers stand for, in words: "7♦", "below the 3", 「3の下」. */
function jokerAs(a) {
  const p = a.params;
  const out = [...(p.joker_as || [])];
  if (p.run) out.push(...(p.joker_ranks || []).map((r) => r + (p.suit || '')));
  if (p.joker_below) out.push(t('daihinmin.joker.below'));
  if (p.joker_above) out.push(t('daihinmin.joker.above'));
  return out.join(' ');
}

/** The legal play that plays exactly this selection (null: none does). */
function playFor(cards, plays, catalog) {
  const naturals = cards.filter((c) => !isJoker(catalog, c));
  if (namesCards(plays)) {
    const jokers = cards.length - naturals.length;
    const same = (a) => {
      const own = a.params.cards.filter((c) => !isJoker(catalog, c));
      return own.length === naturals.length && naturals.every((c) => own.includes(c)) && a.params.jokers === jokers;
    };
    return cards.length ? plays.find((a) => a.params.cards.length && same(a)) || null : null;
  }
  const ranks = new Set(naturals.map((c) => cardOf(catalog, c).rank));
  if (!cards.length || ranks.size > 1) return null;
  const rank = naturals.length ? [...ranks][0] : null;
  return plays.find((a) => a.params.rank === rank && a.params.naturals === naturals.length
    && a.params.jokers === cards.length - naturals.length) || null;
}

/** Natural cards and a number of jokers in words: "7♦ 7♠ and a joker", "2 jokers"; 「7♦ 7♠とジョーカー」. */
function setWords(naturals, jokers) {
  if (!naturals.length && !jokers) return t('daihinmin.cards.none');
  if (!jokers) return naturals.join(' ');
  const j = jokers === 1 ? t('daihinmin.cards.joker') : t('daihinmin.cards.jokers', { count: jokers });
  return naturals.length ? t('daihinmin.cards.with_jokers', { cards: naturals.join(' '), jokers: j }) : j;
}

/** Cards in words: "7♦ 7♠", "7♦ 7♠ and a joker", "2 jokers" (never a joker's name in the card set). */
export function cardWords(cards, catalog = {}) {
  if (!cards || !cards.length) return t('daihinmin.cards.none');
  const naturals = cards.filter((c) => !isJoker(catalog, c));
  return setWords(naturals, cards.length - naturals.length);
}

/** The log in words: [{n, text, private}]. */
export function log(entries, names, seat, catalog = {}) {
  const P = people(names, seat);
  const cards = (shown) => cardWords(shown, catalog);
  const players = names && names.length ? names.length : null;
  const out = [];
  let before = '';
  for (const e of entries || []) {
    const text = eventWords(e, P, cards, players, before);
    if (text) out.push({ n: e.n ?? e.after, text, private: e.n === undefined });
    before = e.event;
  }
  return out;
}

// Events after which a `clear` comes from a cut (8-cut, spade 3), not from everyone passing: the
// one who cut may go out, and a Rich Man may fall, in between.
const AFTER_CUT = ['eight cut', 'spade three', 'out', 'fallen'];
const RULES = {
  eight_cut: 'daihinmin.rule.eight_cut', sequences: 'daihinmin.rule.sequences',
  fallen_capital: 'daihinmin.rule.fallen_capital', eleven_back: 'daihinmin.rule.eleven_back',
  suit_lock: 'daihinmin.rule.suit_lock', spade_three: 'daihinmin.rule.spade_three',
  strong_joker: 'daihinmin.rule.strong_joker', rank_revolution: 'daihinmin.rule.rank_revolution',
  named_joker: 'daihinmin.rule.named_joker', pass_out: 'daihinmin.rule.pass_out',
  diamond_three: 'daihinmin.rule.diamond_three', exchange_after: 'daihinmin.rule.exchange_after',
  place_points: 'daihinmin.rule.place_points', run_above: 'daihinmin.rule.run_above',
};

/** A house rule's option name in words: "8-cut", 「八切り」. */
function ruleWords(name) {
  return RULES[name] ? t(RULES[name]) : name;
}

/** An event of the house rules in words (D13–D18; null: not one). */
function houseWords(e, P, cards) {
  const { who } = P;
  switch (e.event) {
    case 'eight cut': return t('daihinmin.log.eight_cut', { who: who(e.player) });
    case 'spade three': return t('daihinmin.log.spade_three', { who: who(e.player) });
    case 'eleven back': return t('daihinmin.log.eleven_back', { who: who(e.player) });
    case 'lock': return t('daihinmin.log.lock', { suits: list(e.suits) });
    case 'fallen': return t('daihinmin.log.fallen', { who: who(e.player), cards: cards(e.cards) });
    case 'rank revolution':
      return t(e.reversed ? 'daihinmin.log.rank_revolution' : 'daihinmin.log.rank_revolution_back', { who: who(e.player) });
    case 'taken':
      return t('daihinmin.log.taken', { who: who(e.player), receiver: who(e.receiver), cards: cards(e.cards) });
    default: return null;
  }
}

/** One event of the log in words (null: nothing to say); `before` is the kind of the event before it. */
function eventWords(e, P, cards, players, before = '') {
  const { who, whom, you } = P;
  const house = houseWords(e, P, cards);
  if (house) return house;
  if (e.event === 'clear' && AFTER_CUT.includes(before)) {
    return you(e.leader) ? t('daihinmin.log.cut_clear_you') : t('daihinmin.log.cut_clear', { who: who(e.leader) });
  }
  switch (e.event) {
    case 'round':
      return you(e.dealer) ? t('daihinmin.log.round_you', { round: e.round })
        : t('daihinmin.log.round', { round: e.round, who: who(e.dealer) });
    case 'dealt':
      return you(e.player) ? t('daihinmin.log.dealt_you', { count: e.cards.length })
        : t('daihinmin.log.dealt', { count: e.cards.length, who: who(e.player) });
    case 'revolution':
      return e.declared ? t('daihinmin.log.revolution', { who: who(e.player) }) : null;
    case 'gift':
      return t('daihinmin.log.gift', { who: who(e.player), cards: cards(e.cards), whom: whom(e.receiver) });
    case 'exchange': {
      const args = { rich: whom(e.rich_man), second_poorest: whom(e.second_poorest), second_richest: whom(e.second_richest) };
      return you(e.poor_man) ? t('daihinmin.log.exchange_you', args)
        : t('daihinmin.log.exchange', { ...args, poor: who(e.poor_man) });
    }
    case 'swap':
      return t('daihinmin.log.swap', { who: who(e.player), gave: cards(e.gave), whom: whom(e.partner), got: cards(e.got) });
    case 'play': return t('daihinmin.log.play', { who: who(e.player), cards: cards(e.cards) });
    case 'pass': return t('daihinmin.log.pass', { who: who(e.player) });
    case 'clear':
      return you(e.leader) ? t('daihinmin.log.clear_you') : t('daihinmin.log.clear', { who: who(e.leader) });
    case 'out':
      if (players && e.place === players && !e.points) return t('daihinmin.log.last', { who: who(e.player) });
      if (players && e.place === players) return t('daihinmin.log.last_points', { who: who(e.player), count: e.points });
      return t('daihinmin.log.out', { who: who(e.player), place: placeWords(e.place), count: e.points });
    case 'round end': {
      const standings = e.order.map((p, i) => t('daihinmin.log.standing',
        { place: i + 1, who: who(p), title: titleWords(e.titles[p]) }));
      return t('daihinmin.log.round_end', { round: e.round, standings: standings.join(t('daihinmin.separator')) });
    }
    case 'game end': {
      const limit = e.truncated ? t('daihinmin.log.round_limit') : '';
      if (e.winners.length === 1 && you(e.winners[0])) return t('daihinmin.log.game_end_you', { limit });
      if (e.winners.length === 1) return t('daihinmin.log.game_end_one', { limit, who: who(e.winners[0]) });
      return t('daihinmin.log.game_end_many', { limit, names: list(e.winners.map((p, i) => (i ? whom(p) : who(p)))) });
    }
    default: return null;
  }
}

/** An action in words: a play or a gift names its cards ("play 7♦ 7♠ and a joker", 「7♦ 7♠とジョーカーを出す」),
 *  the others say what they do ("pass", 「パスする」); never the action's notation.
 * @param {import('./games.js').ActionData} action
 * @param {string[]} names
 * @param {object} [catalog] */
export function actionWords(action, names, catalog = {}) {
  /** @type {{rank?: string | null, naturals?: number, jokers?: number, cards?: string[], joker?: boolean, declare?: boolean}} the params the game documents */
  const p = action.params || {};
  const cards = Array.isArray(p.cards) ? p.cards : [];
  switch (action.kind) {
    case 'play': {
      const said = cards.length ? cardWords(cards, catalog)
        : setWords(Array(p.naturals || 0).fill(p.rank), p.jokers || 0);
      return t('daihinmin.action.play', { cards: said });
    }
    case 'give': {
      const said = cards.length ? cardWords(cards.slice(0, 1), catalog) : (p.joker || p.rank === null ? t('daihinmin.cards.joker') : p.rank);
      return t('daihinmin.action.give', { cards: said });
    }
    case 'pass': return t('daihinmin.action.pass');
    case 'revolution': return p.declare ? t('daihinmin.action.declare') : t('daihinmin.action.quiet');
    default: return String(action.text ?? action.action ?? action.name ?? '');
  }
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
 * Send one gift; the next waits until the view shows this one among the gifts given. A gift sent
 * while the page is being drawn goes once the drawing is done (`later`); a click's goes at once,
 * so the page is busy before anything else can look at it.
 */
function send(action, given, ctx, later = false) {
  const { gifts } = picksOf(ctx);
  gifts.waitFor = given + 1;
  gifts.refusals = ctx.refusals || 0;
  if (later) setTimeout(() => ctx.act(action), 0);
  else ctx.act(action);
}

/**
 * The exchange as a player makes it: pick the cards to give in the hand, then confirm with Give.
 * Each gift is its own action in the game, so the confirmed ones are sent one after the other
 * (the next as soon as the server has taken the previous). A card picked stands for a gift of its
 * rank: the card shown as picked is the one that gift gives (its params' cards, in order).
 */
function giftPicker(view, ctx, legal, open, redraw) {
  const { gifts } = picksOf(ctx);
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
  // The server refused a message since the last gift was sent (a stale or out-of-turn gift):
  // the rest are not sent; the player picks again from what the view now shows.
  if (gifts.queue.length && (ctx.refusals || 0) !== gifts.refusals) gifts.queue = [];
  // The next gift goes once the view shows the previous one taken; a render before that (another
  // player's move, a page tired of waiting) must not send it early, or the server finds it stale.
  if (choosing && gifts.queue.length && giving.length >= gifts.waitFor) {
    const next = gives.find((a) => a.id === gifts.queue[0]);
    gifts.queue.shift();
    if (next) {
      send(next, giving.length, ctx, true);
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
  giveButton.textContent = gifts.picked.length ? t('daihinmin.button.give_cards', { cards: cardWords(gifts.picked, ctx.catalog) })
    : t('daihinmin.button.give_count', { count: left });
  giveButton.addEventListener('click', () => {
    if (giveButton.disabled) return;
    const chosen = gifts.picked.map(giftOf);
    gifts.picked = [];
    gifts.queue = chosen.slice(1).map((a) => a.id);
    send(chosen[0], giving.length, ctx);
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
      /** @type {HTMLElement | null} */ (document.querySelector(`[data-key="${CSS.escape(`gift:${c}`)}"]`))?.focus({ preventScroll: true });
    },
    legal: (c) => !!giftOf(c),
    picked: (c) => gifts.picked.includes(c),
  };
}

/** A hand card during the exchange: picked to give or not; the ones already given are marked. */
function giftCard(c, face, exchange) {
  const given = exchange.giving.includes(c);
  const picked = exchange.picked(c);
  const ok = exchange.choosing && !given && (picked || exchange.legal(c));
  return h('button', { type: 'button', class: `card-button toggle gift${picked ? ' selected' : ''}${given ? ' given' : ''}`,
    disabled: !ok, 'aria-pressed': picked || given ? 'true' : 'false', 'data-card': c, 'data-give': c, 'data-key': `gift:${c}`,
    'aria-label': given ? t('daihinmin.hand.chosen_label', { card: face.getAttribute('aria-label') })
      : t('daihinmin.hand.give_label', { card: face.getAttribute('aria-label') }),
    onclick: () => exchange.toggle(c) }, face);
}

/** What this player gave and got in this round's exchange, in words (null: no part in it yet);
 *  whom(p) names the partner inside a sentence. */
function exchangeSummary(view, seat, whom, catalog) {
  const words = (cards) => cardWords(cards, catalog);
  const mine = (view.exchange || []).filter((e) => e.from === seat || e.to === seat);
  const giving = view.phase === 'exchange' ? (view.giving || []) : [];
  if (!mine.length && !giving.length) return null;
  const lines = [];
  if (giving.length && !mine.length) lines.push(t('daihinmin.exchange.chosen', { cards: words(giving) }));
  for (const e of mine) {
    lines.push(e.from === seat
      ? t('daihinmin.exchange.gave', { cards: words(e.cards), whom: whom(e.to) })
      : t('daihinmin.exchange.got', { cards: words(e.cards), whom: whom(e.from) }));
  }
  return h('p', { class: 'exchange-summary', id: 'exchange-summary', role: 'status' },
    h('strong', {}, t('daihinmin.exchange.heading')), ' ', lines.reduce((first, second) => t('daihinmin.sentences', { first, second })));
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
function promptBar(ctx, legal, myTurn, P) {
  const { view } = ctx;
  const prompt = h('section', { class: 'prompt', id: 'prompt', tabindex: -1, 'aria-live': 'polite', 'aria-label': t('daihinmin.prompt.label') });
  const say = (cls, text) => prompt.append(h('p', { class: cls }, text));
  const top = view.pile.length ? view.pile[view.pile.length - 1] : null;
  if (view.phase === 'over') {
    say('prompt-title', t('daihinmin.prompt.over'));
  } else if (ctx.waiting) {
    say('prompt-title', t('daihinmin.prompt.waiting_players'));
  } else if (myTurn && view.phase === 'revolution') {
    const both = legal.some((a) => a.kind === 'revolution' && a.params.declare);
    say('prompt-title', both ? t('daihinmin.prompt.both_jokers') : t('daihinmin.prompt.poor_man'));
    say('prompt-help', both ? t('daihinmin.prompt.both_jokers_help') : t('daihinmin.prompt.poor_man_help'));
    const label = (a) => {
      if (a.params.declare) return t('daihinmin.button.declare');
      return both ? t('daihinmin.button.quiet') : t('daihinmin.button.to_exchange');
    };
    prompt.append(h('div', { class: 'prompt-actions' }, legal.map((a) => actionButton(ctx, a, label(a)))));
  } else if (myTurn && view.phase === 'exchange') {
    const due = view.must_give || { to: -1, count: 1, back: 1 };
    const partner = due.to >= 0 ? P.whom(due.to) : null;
    say('prompt-title', partner ? t('daihinmin.prompt.exchange', { count: due.count, whom: partner })
      : t('daihinmin.prompt.exchange_away', { count: due.count }));
    say('prompt-help', t('daihinmin.sentences', { first: t('daihinmin.prompt.exchange_pick', { count: due.count }),
      second: partner ? t('daihinmin.prompt.exchange_back', { count: due.back, whom: partner })
        : t('daihinmin.prompt.exchange_back_them', { count: due.back }) }));
  } else if (myTurn) {
    say('prompt-title', top ? beatWords(view, top, ctx.catalog) : t('daihinmin.prompt.lead'));
    say('prompt-help', t('daihinmin.prompt.play_help'));
  } else {
    say('prompt-title', othersTurn(view, P));
  }
  if (view.revolution) say('revolution-banner', t('daihinmin.prompt.revolution'));
  if (view.back) say('revolution-banner house-banner', t('daihinmin.prompt.back'));
  if (view.lock && view.lock.length) say('revolution-banner house-banner', t('daihinmin.prompt.lock', { suits: list(view.lock) }));
  if (view.rules === 'uecda') {
    say('prompt-help house-rules', t('daihinmin.prompt.uecda_rules'));
  } else if (view.house_rules && view.house_rules.length) {
    say('prompt-help house-rules', t('daihinmin.prompt.house_rules', { rules: list(view.house_rules.map(ruleWords)) }));
  }
  return prompt;
}

/** What beats the set on the pile: a higher set; a lower one under 11-back; a run of as many cards. */
function beatWords(view, top, catalog) {
  const args = { cards: cardWords(top.cards, catalog), count: top.cards.length };
  if (top.run) return t('daihinmin.prompt.beat_run', args);
  return view.back ? t('daihinmin.prompt.beat_back', args) : t('daihinmin.prompt.beat', args);
}

/** Whose turn it is and what they are deciding, when it is not the reader's to act. */
function othersTurn(view, P) {
  const turn = view.turn;
  if (turn === null || turn === undefined) return t('daihinmin.prompt.waiting');
  if (P.you(turn)) {
    if (view.phase === 'exchange') return t('daihinmin.prompt.exchange_you');
    if (view.phase === 'revolution') return t('daihinmin.prompt.revolution_you');
    return t('daihinmin.prompt.playing_you');
  }
  const who = P.who(turn);
  if (view.phase === 'exchange') return t('daihinmin.prompt.exchange_other', { who });
  if (view.phase === 'revolution') return t('daihinmin.prompt.revolution_other', { who });
  return t('daihinmin.prompt.playing_other', { who });
}

/** The seats in the order of play (a revolution reverses it) beside the pile; nameOf(p) is a
 *  seat's name as the table shows it. */
function tableArea(ctx, nameOf) {
  const { view, catalog } = ctx;
  const last = lastMoves(ctx.log);
  const ccw = view.direction === 'counterclockwise';
  const seats = h('ol', { class: 'dhm-seats', 'data-direction': view.direction,
    'aria-label': ccw ? t('daihinmin.seats.label_ccw') : t('daihinmin.seats.label_cw') });
  seats.append(h('li', { class: `dhm-direction${ccw ? ' reversed' : ''}`, id: 'direction' },
    ccw ? t('daihinmin.seats.ccw') : t('daihinmin.seats.cw')));
  const playOrder = ccw ? [view.seating[0], ...view.seating.slice(1).reverse()] : view.seating;
  for (const p of playOrder) {
    const place = view.finished.indexOf(p);
    const tags = [];
    if (view.titles[p]) tags.push(h('span', { class: 'title-badge' }, titleWords(view.titles[p])));
    if (p === view.fallen) tags.push(h('span', { class: 'out-badge' }, t('daihinmin.seats.fallen')));
    if (place >= 0) {
      tags.push(h('span', { class: 'out-badge' }, place === view.players - 1 ? t('daihinmin.seats.last')
        : t('daihinmin.seats.out', { place: placeWords(place + 1) })));
    }
    if (place < 0 && last[p] === 'pass') tags.push(h('span', { class: 'pass-badge' }, t('daihinmin.seats.passed')));
    const left = view.hands && view.hands[p] ? view.hands[p] : null;
    seats.append(h('li', { class: `dhm-seat${p === view.turn ? ' current' : ''}${p === ctx.seat ? ' me' : ''}`, 'data-player': p },
      h('div', { class: 'seat-name' }, h('strong', {}, nameOf(p)), p === view.dealer ? h('span', { class: 'muted' }, t('daihinmin.seats.dealer')) : ''),
      h('div', { class: 'seat-tags' }, tags),
      h('div', { class: 'seat-cards' }, cardBack(view.hand_sizes[p], { width: 34, height: 48, label: t('daihinmin.seats.cards', { count: view.hand_sizes[p] }) }),
        h('span', {}, ' ', t('daihinmin.seats.cards_points', { cards: t('daihinmin.seats.cards', { count: view.hand_sizes[p] }),
          points: t('daihinmin.seats.points', { count: view.scores[p] }) }))),
      left && left.length ? h('div', { class: 'muted small' }, t('daihinmin.seats.left', { cards: cardWords(left, catalog) })) : ''));
  }
  const top = view.pile.length ? view.pile[view.pile.length - 1] : null;
  const pile = h('section', { class: 'dhm-pile', 'aria-label': t('daihinmin.pile.label') },
    h('h2', {}, top ? t('daihinmin.pile.label') : t('daihinmin.pile.empty')));
  const shown = view.pile.slice(-4);
  const stack = h('div', { class: 'pile-sets' });
  shown.forEach((set, k) => {
    const latest = k === shown.length - 1;
    stack.append(h('figure', { class: `pile-set${latest ? ' latest' : ''}` },
      h('div', { class: 'set-cards' }, set.cards.map((c) => cardFace(c, catalog, latest ? {} : { width: 44, height: 64 }))),
      h('figcaption', {}, nameOf(set.player))));
  });
  if (!shown.length) stack.append(h('p', { class: 'muted' }, view.phase === 'play' ? t('daihinmin.pile.any_set') : ''));
  pile.append(stack);
  return h('div', { class: 'dhm-table' }, seats, pile);
}

/** The controls of the play: Play (the selection), Pass, Clear, and the list of every legal play. */
function playControls(root, ctx, legal, myTurn, hand, cardsRow) {
  const { selected } = picksOf(ctx);
  const { catalog } = ctx;
  const plays = legal.filter((a) => a.kind === 'play');
  const pass = legal.find((a) => a.kind === 'pass');
  const playBtn = h('button', { type: 'button', class: 'btn primary', id: 'play-selected', 'data-key': 'play-selected' }, t('daihinmin.button.play'));
  const passBtn = h('button', { type: 'button', class: 'btn', disabled: !pass, 'data-action': pass ? pass.text : '',
    'data-action-id': pass ? pass.id : null, 'data-key': 'act:pass', onclick: () => { selected.clear(); ctx.act(pass); } }, t('daihinmin.button.pass'));
  const clearBtn = h('button', { type: 'button', class: 'btn subtle', 'data-key': 'clear-selection',
    onclick: () => { selected.clear(); redraw(root, ctx); } }, t('daihinmin.button.clear'));
  const jokerBox = h('div', { class: 'joker-choice', id: 'joker-choice', role: 'group', hidden: true });
  const update = () => {
    const all = playsFor([...selected], plays, catalog);
    const a = all.length === 1 ? all[0] : null;
    playBtn.disabled = !a;
    playBtn.dataset.action = a ? a.text : '';
    playBtn.dataset.actionId = a ? a.id : '';
    playBtn.textContent = !selected.size ? t('daihinmin.button.play')
      : a ? t('daihinmin.button.play_cards', { cards: cardWords([...selected], catalog) })
        : all.length ? t('daihinmin.button.joker_which') : t('daihinmin.button.not_legal');
    jokerBox.hidden = all.length < 2;
    jokerBox.setAttribute('aria-label', t('daihinmin.button.joker_which'));
    jokerBox.replaceChildren(...(all.length < 2 ? [] : all.map((choice) => h('button', {
      type: 'button', class: 'btn', 'data-action': choice.text, 'data-action-id': choice.id,
      'data-key': `joker:${choice.id}`, onclick: () => { selected.clear(); ctx.act(choice); },
    }, t('daihinmin.button.joker_as', { cards: jokerAs(choice) })))));
  };
  playBtn.addEventListener('click', () => {
    const a = playFor([...selected], plays, catalog);
    if (a) {
      selected.clear();
      ctx.act(a);
    }
  });
  update();
  const out = [h('div', { class: 'hand-actions' }, playBtn, passBtn, clearBtn), jokerBox];
  if (myTurn && plays.length) {
    out.push(h('details', { class: 'legal-plays' }, h('summary', {}, t('daihinmin.hand.legal_plays', { count: plays.length })),
      h('div', { class: 'chips' }, plays.map((a) => h('button', { type: 'button', class: 'chip', 'data-key': `chip:${a.id}`,
        'data-text': a.text, 'data-action-id': a.id,
        onclick: () => {
          selected.clear();
          for (const c of a.params.cards) selected.add(c);
          redraw(root, ctx);
          document.getElementById('play-selected')?.focus();
        } }, cardWords(a.params.cards, catalog))))));
  }
  // Cards that some legal play uses can be selected; picking another rank starts a new selection
  // (unless runs may be played). When plays name their cards, exactly the cards they take.
  const suited = namesCards(plays);
  const runs = plays.some((a) => a.params.run);
  const usable = new Set(plays.flatMap((a) => a.params.cards));
  const ranks = new Set(plays.filter((a) => a.params.naturals).map((a) => a.params.rank));
  const jokers = plays.some((a) => a.params.jokers > 0);
  const received = new Set((ctx.view.exchange || []).filter((e) => e.to === ctx.seat).flatMap((e) => e.cards));
  hand.forEach((c, k) => {
    const face = cardFace(c, catalog);
    const joker = isJoker(catalog, c);
    const rank = cardOf(catalog, c).rank;
    const ok = myTurn && (joker ? jokers : suited ? usable.has(c) : ranks.has(rank));
    const got = received.has(c);
    const b = h('button', { type: 'button', class: `card-button toggle${selected.has(c) ? ' selected' : ''}${got ? ' received' : ''}`,
      disabled: !ok, 'aria-pressed': selected.has(c) ? 'true' : 'false', 'data-card': c, 'data-key': `card:${c}:${k}`,
      'aria-label': got ? t('daihinmin.hand.received_label', { card: face.getAttribute('aria-label') }) : face.getAttribute('aria-label') }, face);
    b.addEventListener('click', () => {
      if (selected.has(c)) selected.delete(c);
      else {
        if (!joker && !runs) for (const o of [...selected]) if (!isJoker(catalog, o) && cardOf(catalog, o).rank !== rank) selected.delete(o);
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
function handSection(root, ctx, legal, myTurn, P) {
  const { view, catalog } = ctx;
  const hand = view.hand || [];
  const section = h('section', { class: 'hand', id: 'hand', 'aria-label': t('daihinmin.hand.label') },
    h('h2', {}, t('daihinmin.hand.heading', { count: hand.length })));
  const cardsRow = h('div', { class: 'hand-cards dhm-hand', role: 'group', 'aria-label': t('daihinmin.hand.cards_label') });
  const exchange = giftPicker(view, ctx, legal, myTurn && view.phase === 'exchange', () => redraw(root, ctx));
  let controls = [];
  if (view.phase === 'exchange') {
    hand.forEach((c) => cardsRow.append(giftCard(c, cardFace(c, catalog), exchange)));
  } else {
    controls = playControls(root, ctx, view.phase === 'play' ? legal : [], myTurn && view.phase === 'play', hand, cardsRow);
  }
  if (!hand.length) cardsRow.append(h('p', { class: 'muted' }, view.finished.includes(ctx.seat) ? t('daihinmin.hand.out') : t('daihinmin.hand.none')));
  section.append(cardsRow);
  if (exchange.open) section.append(h('div', { class: 'hand-actions' }, exchange.giveButton));
  if (exchange.dispatched) root.setAttribute('aria-busy', 'true');   // the next gift is on its way
  const summary = exchangeSummary(view, ctx.seat, P.whom, catalog);
  if (summary) section.append(summary);
  if (view.phase === 'play' && !ctx.replay) section.append(...controls);   // a replay takes no action
  if (view.known && view.known.length) {
    section.append(h('p', { class: 'muted small' }, t('daihinmin.hand.known', { facts: view.known.map((k) =>
      t('daihinmin.hand.known_one', { whom: P.whom(k.player), cards: cardWords(k.cards, catalog) })).join(t('daihinmin.separator')) })));
  }
  return section;
}

function scoreTable(ctx, nameOf) {
  const { view } = ctx;
  const order = [...Array(view.players).keys()].sort((a, b) => view.scores[b] - view.scores[a]);
  const goal = [t('daihinmin.scores.round', { round: view.round })];
  if (view.target) goal.push(t('daihinmin.scores.target', { count: view.target }));
  if (view.max_rounds) goal.push(t('daihinmin.scores.max_rounds', { count: view.max_rounds }));
  return h('section', { class: 'dhm-scores', 'aria-label': t('daihinmin.scores.label') },
    h('h2', {}, t('daihinmin.scores.heading', { goal: goal.join(t('daihinmin.separator')) })),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('daihinmin.scores.player')),
      h('th', { scope: 'col' }, t('daihinmin.scores.title')), h('th', { scope: 'col' }, t('daihinmin.scores.points')))),
      h('tbody', {}, order.map((p) => h('tr', { class: p === ctx.seat ? 'me' : '' },
        h('td', {}, nameOf(p)), h('td', {}, titleWords(view.titles[p]) || '—'), h('td', {}, String(view.scores[p])))))));
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
  const P = people(names, ctx.seat);
  const nameOf = (p) => (p === ctx.seat ? t('daihinmin.name_you', { name: P.name(p) }) : P.name(p));
  const hand = mine && view.hand ? view.hand : [];
  const { selected } = picksOf(ctx);
  for (const c of [...selected]) if (!hand.includes(c)) selected.delete(c);
  if (!myTurn || view.phase !== 'play') selected.clear();

  root.replaceChildren();
  root.className = 'game daihinmin';
  root.append(promptBar(ctx, legal, myTurn, P));
  root.append(tableArea(ctx, nameOf));
  if (mine && view.hand) root.append(handSection(root, ctx, legal, myTurn, P));
  root.append(scoreTable(ctx, nameOf));
}

/** The final result in one sentence: who won, and everyone's points. `outcome` is the table's
 *  result when known; `you` the seat the sentence speaks to (the view's viewer when not given). */
export function result(view, names, outcome, you) {
  const winners = (outcome && outcome.winners) || view.winners || [];
  const points = (outcome && outcome.scores) || view.scores || [];
  const P = people(names, you ?? (Number.isInteger(view.viewer) ? view.viewer : null));
  const scores = points.map((n, p) => t('daihinmin.result.score', { name: P.name(p), points: n }))
    .join(t('daihinmin.separator'));
  if (winners.length === 1 && P.you(winners[0])) return t('daihinmin.result.you', { scores });
  if (winners.length === 1) return t('daihinmin.result.one', { who: P.who(winners[0]), scores });
  return t('daihinmin.result.many', { names: list(winners.map((p, i) => (i ? P.whom(p) : P.who(p)))), scores });
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
