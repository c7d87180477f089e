// @ts-check
// Friends of the Zodiac in words, in the page's language: the log (entries are a message id and
// its arguments, never a sentence), Sohma names, conditions, actions, hands and the result.
// A card set's own words (card names, symbols, memory texts, prompts, options, Tohru's sides)
// come translated in the table's catalog (`texts[lang][english]`); the game's own sentences
// are the catalog keys `zodiac.…` (web/i18n/en.json, ja.json).
import { t, has, lang, list } from './i18n.js';

/** The Sohmas in circle order, by the names views give them (0 Yuki … 12 Kyo). */
export const SOHMAS = ['Yuki', 'Hatsuharu', 'Kisa', 'Momiji', 'Hatori', 'Ayame', 'Horse', 'Hiro',
  'Ritsu', 'Bird', 'Shigure', 'Kagura', 'Kyo'];

/** A function that says a card set's text in the page's language (as written when untranslated). */
export function sayer(catalog) {
  const texts = (catalog && catalog.texts && catalog.texts[lang]) || {};
  return (text) => (text === null || text === undefined ? '' : (texts[text] ?? text));
}

/** A Sohma's name, from its place in the circle or its name in a view. */
export function sohmaName(sohma) {
  const key = typeof sohma === 'number' ? SOHMAS[sohma] : sohma;
  return key && has(`zodiac.sohma.${key}`) ? t(`zodiac.sohma.${key}`) : String(key ?? '');
}

/** A Sohma's zodiac animal ("Rat") in words. */
export function animalName(animal) {
  return animal && has(`zodiac.animal.${animal}`) ? t(`zodiac.animal.${animal}`) : String(animal ?? '');
}

/** A Sohma card's side ("human", "animal") in words. */
export function sideWord(side) {
  return t(side === 'animal' ? 'zodiac.side.animal' : 'zodiac.side.human');
}

/** A side of Tohru's card ("front", "back") in words. */
export function tohruSide(side) {
  return t(side === 'back' ? 'zodiac.tohru_side.back' : 'zodiac.tohru_side.front');
}

/** A seat's name, or "Player 3" without one. */
export function playerName(names, p) {
  return (names && names[p]) ?? t('zodiac.player', { number: p + 1 });
}

/** A player as the subject of a sentence: "You" for the seat `you`, else the name (「Aoiさん」). */
export function who(names, p, you) {
  if (p === you) return t('zodiac.you');
  return names && names[p] !== undefined ? t('zodiac.person', { name: names[p] }) : playerName(names, p);
}

/** A Sohma side's condition ({code, args}) in words; '' for none. */
export function conditionWords(condition) {
  if (!condition) return '';
  const a = condition.args || {};
  switch (condition.code) {
    case 'friend_of': return t('zodiac.cond.friend_of', { sohma: sohmaName(a.sohma) });
    case 'min_friendships': return t('zodiac.cond.min_friendships', { count: a.count });
    case 'tohru_side': return t('zodiac.cond.tohru_side', { side: tohruSide(a.side) });
    case 'center_at_least': return t('zodiac.cond.center_at_least', { count: a.count });
    case 'center_between':
      if (a.low === a.high) return t('zodiac.cond.center_exactly', { count: a.low });
      return t('zodiac.cond.center_between', { low: a.low, high: a.high, count: a.high });
    default: return '';
  }
}

/** One log entry ({n, actor, kind, msg, args}) as a sentence for the seat `you`. */
export function logLine(entry, names, you, say) {
  const a = entry.args || {};
  const args = {
    who: who(names, entry.actor, you),
    round: a.round, count: a.count,
    card: say(a.card), option: say(a.label),
    from: sohmaName(a.from), to: sohmaName(a.to), sohma: sohmaName(a.sohma),
    friendship: a.friendship,
    side: entry.msg === 'flip_tohru' ? tohruSide(a.side) : sideWord(a.side),
  };
  const mine = `zodiac.log.${entry.msg}.you`;
  if (entry.actor === you && has(mine)) return t(mine, args);
  const key = `zodiac.log.${entry.msg}`;
  return has(key) ? t(key, args) : String(entry.msg ?? entry.kind ?? '');
}

/** The log in words: [{n, text, kind, private}]; `seat` is the seat reading it ("you"). */
export function log(entries, names, seat, catalog) {
  const say = sayer(catalog);
  const you = seat ?? null;
  return (entries || []).map((e) => ({ n: e.n, text: logLine(e, names, you, say), kind: e.kind, private: false }));
}

/** An action ({kind, params}: a legal one, a hint's, a replay step's) in words.
 * @param {import('./games.js').ActionData} action @param {string[]} names @param {object} catalog */
export function actionWords(action, names, catalog) {
  const say = sayer(catalog);
  /** @type {{to?: string, card?: string, label?: string, index?: number, sohma?: string}} the params the game documents */
  const p = action.params || {};
  switch (action.kind) {
    case 'draw': return t('zodiac.action.draw');
    case 'move': return p.to ? t('zodiac.action.move', { sohma: sohmaName(p.to) }) : t('zodiac.action.move_plain');
    case 'play': return t('zodiac.action.play', { card: say(p.card) });
    case 'option': return p.label ? t('zodiac.action.option', { option: say(p.label) })
      : t('zodiac.action.option_number', { number: (p.index ?? 0) + 1 });
    case 'sohma': return t('zodiac.action.sohma', { sohma: sohmaName(p.sohma) });
    case 'put_away': return t('zodiac.action.put_away', { card: say(p.card) });
    case 'take': return t('zodiac.action.take', { card: say(p.card) });
    case 'discard': return t('zodiac.action.discard', { card: say(p.card) });
    default: return String(action.text ?? action.action ?? action.name ?? '');
  }
}

/** A list of cards (a hand) in words. */
export function cardWords(cards, catalog) {
  const say = sayer(catalog);
  return list((cards || []).map(say));
}

/** The final result in one sentence; `you` is the seat this browser plays, if one. */
export function result(view, names, outcome, you = null) {
  if (view.team) {
    if (view.outcome === 'won') return t('zodiac.result.team_won', { count: view.sohmas.length, score: view.scores[0] });
    return t('zodiac.result.team_lost');
  }
  const winners = view.winners || [];
  const counts = list(view.scores.map((sc, p) => t('zodiac.result.count', { name: playerName(names, p), count: sc })));
  if (winners.length === 1 && winners[0] === you) return t('zodiac.result.win_you', { counts });
  const ordered = [...winners].sort((x, y) => Number(y === you) - Number(x === you));   // "you and Aoi"
  const people = list(ordered.map((p) => who(names, p, you)));
  return t(winners.length > 1 ? 'zodiac.result.win_many' : 'zodiac.result.win', { who: people, counts });
}
