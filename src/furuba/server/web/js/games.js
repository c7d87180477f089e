// @ts-check
// The one table of game modules: a game spec's `frontend` name → the module that draws it.
// Pages look a game's module up here and never name a game themselves; a game with no module of
// its own (or one this browser does not know) gets the generic view.
//
// Every module exports the same interface:
//   render(root, ctx)         draw a position into `root`; ctx = {view, log, legal, seat, catalog,
//                             names, act(action), readOnly, waiting, status, result, answer(text),
//                             redraw() (draw the whole page again, after a change only the module
//                             knows of, such as cards picked), replay (true on the replay page),
//                             refusals (how many of this page's messages the server refused),
//                             memory (an object the page keeps for the table: what the module
//                             keeps between two drawings, such as the cards picked, goes there)}
//   log(entries, names, seat) the log in words: [{n, text, private}]
//   actionWords(action, names, catalog) an action (a legal one, a hint's, a replay step's: its
//                             text, kind and params) in words, for the replay's moves and hints
//   cardWords(cards, catalog) a list of cards (a hand) in words
//   result(view, names, result) the final result in one sentence (result: the table's
//                             {returns, scores, winners}, when known)
//   privateView(view)         whether the view shows what other players at the same device must not
//                             see (the hot-seat curtain then hides it between turns)
//   firstControl(root)        the control to focus when the focused one went away
//   watchLayout(render)       re-render when the layout must change (a phone turned)
import { getJSON } from './api.js';

const MODULES = {
  zodiac: () => import('./zodiac.js'),
  daihinmin: () => import('./daihinmin.js'),
  generic: () => import('./generic.js'),
};

// The modules that draw a file editor's cards (a card set's), by the `editor.module` name an
// option gives in `GET /api/games` and `GET /api/<option>s/editor`. Each exports
//   drawCards(root, document, ctx)  draw every card of the document (the file being edited);
//                                   ctx = {form, focus(path)} (focus: go to a field of the form)
//   reportSections(data)            the game's own parts of a measure's report, as elements
const EDITORS = {
  'zodiac-cardset': () => import('./zodiac-cardset.js'),
};

/**
 * An action as data, wherever a page has it from (a legal action, a hint's, a replay step's, a
 * review's move, as the protocol's LegalAction): its kind and params as the game documents them,
 * and its text (a replay step calls it `action`, clients written before `text` `name`).
 * @typedef {object} ActionData
 * @property {string} [kind]
 * @property {Record<string, unknown>} [params]
 * @property {string} [text]
 * @property {string} [action]
 * @property {string} [name]
 * @property {number} [player]
 */

let described = null;

/** `GET /api/games`, fetched once per page. */
export function describeGames() {
  if (!described) described = getJSON('/api/games');
  return described;
}

/** The `frontend` name of a table's game (the table's own, else its game's description). */
export async function frontendOf(table) {
  if (table.frontend) return table.frontend;
  try {
    const { games } = await describeGames();
    const game = games.find((g) => g.name === table.game);
    return (game && game.frontend) || 'generic';
  } catch {
    return 'generic';
  }
}

/** The module that draws a table's game, with every part of the interface filled in. */
export async function moduleFor(table) {
  const name = await frontendOf(table);
  const load = MODULES[name] || MODULES.generic;
  const [mod, generic] = await Promise.all([load(), MODULES.generic()]);
  return { ...generic, ...mod };
}

/** The module that draws a file editor's cards (`null`: none this browser knows). */
export async function editorModule(name) {
  const load = EDITORS[name];
  return load ? load() : null;
}
