// @ts-check
// The words the table and the replay pages share, in the page's language: the game's title, the
// seats' names, "you" for the one seat this browser holds (a hot-seat browser holds several: it
// names them), a name with its honorific (Japanese says さん after a name, never after あなた),
// what a bot is ("hard bot"), and a time left as a person reads it ("2 h 5 min", 「2時間5分」).
import { t, list, when } from './i18n.js';
import { describeGames } from './games.js';

/** The game's title in the page's language: the game list's (the server says it in the page's
 * language), else the table's own. */
export async function gameTitle(table) {
  try {
    const { games } = await describeGames();
    const game = games.find((g) => g.name === table.game);
    return (game && game.title) || table.title;
  } catch {
    return table.title;
  }
}

/** The name the server keeps on the seats of a deleted account (data: said in the page's words). */
const DELETED = 'deleted player';

/** Each seat's name: the player's, a bot's first name, else "Seat 3". */
export function seatNames(seats) {
  return seats.map((s) => {
    if (s.name === DELETED) return t('table.deleted_player');
    return s.name || (s.kind === 'bot' ? s.bot : t('table.seat_name', { n: s.seat + 1 }));
  });
}


/** The seat that sentences call "you": the only seat this browser holds, else none. */
export function youOf(held) {
  return held.length === 1 ? held[0] : null;
}

/** A player inside a sentence: "you" / 「あなた」, or the name / 「Aoiさん」. */
export function person(p, names, you) {
  return p === you ? t('table.you') : t('table.person', { name: names[p] });
}

/** Players inside a sentence: "you and Aoi" / 「あなた、Aoiさん」. */
export function people(ps, names, you) {
  return list(ps.map((p) => person(p, names, you)));
}

/** Text with its first letter made a capital (an English sentence that starts with a name). */
export function capital(text) {
  const s = String(text ?? '');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const LEVELS = {
  random: () => t('table.bot.random'),
  greedy: () => t('table.bot.greedy'),
  policy: () => t('table.bot.policy'),
  beginner: () => t('table.bot.beginner'),
  easy: () => t('table.bot.easy'),
  normal: () => t('table.bot.normal'),
  hard: () => t('table.bot.hard'),
  expert: () => t('table.bot.expert'),
  search: () => t('table.bot.search'),
};

/** What kind of bot a seat's spec names: the search bot's level ("ismcts:hard",
 * "ismcts:level=easy,sims=40"), "search" for a search bot of its own settings, else its name. */
function botKind(spec) {
  const [name, rest = ''] = String(spec || '').trim().toLowerCase().split(/:(.*)/s);
  if (name !== 'ismcts') return name;
  for (const part of rest.split(',').map((p) => p.trim())) {
    const [key, value] = part.split('=').map((x) => x.trim());
    const level = value === undefined ? key : key === 'level' ? value : '';
    if (['easy', 'normal', 'hard', 'beginner', 'expert'].includes(level)) return level;
  }
  return 'search';
}

/** A bot as a player reads it: "hard bot", "greedy bot" (never the search's internal name). */
export function botWords(spec) {
  const kind = botKind(spec);
  return LEVELS[kind] ? LEVELS[kind]() : t('table.bot.other', { name: kind });
}

/** Seconds as a person reads them: "45 s", "12 min", "5 h 20 min", "2 days 3 h". */
export function duration(seconds) {
  if (seconds < 120) return t('table.time.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('table.time.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    return minutes % 60 ? t('table.time.hours_minutes', { count: hours, minutes: minutes % 60 })
      : t('table.time.hours', { count: hours });
  }
  const days = Math.floor(hours / 24);
  return hours % 24 ? t('table.time.days_hours', { count: days, hours: hours % 24 }) : t('table.time.days', { count: days });
}

/** A time left, with the moment it runs out when that is an hour or more away: "2 h (until 3 Dec, 14:00)". */
export function deadline(seconds) {
  if (seconds < 3600) return duration(seconds);
  return t('table.time.until', { time: duration(seconds), when: when(Date.now() + seconds * 1000) });
}
