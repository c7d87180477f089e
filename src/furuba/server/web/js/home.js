// @ts-check
// The home page: choose a game, its seats (you, a friend, another player here, bots) and its options
// (table-form.js, shared with the offline page), and how the table plays (chat, hints, undo, pace,
// rated, listed). Everything about the games comes from GET /api/games, its words in the page's
// language. The page's own words are the catalog's.
import './install.js';
import { replace, sentence } from './dom.js';
import { parts, t, translatePage } from './i18n.js';
import { getJSON, postJSON, joinSeat, rememberName } from './api.js';
import { pageTools } from './prefs.js';
import { describeGames } from './games.js';
import { TableForm } from './table-form.js';

/** Fill [data-i18n-rich="key"]: the key's text, its {fields} the element's children marked
 *  data-i18n-field (kept as they are, e.g. a <strong> translated by its own data-i18n). */
function translateRich(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n-rich]'))) {
    const fields = {};
    for (const child of /** @type {NodeListOf<HTMLElement>} */ (el.querySelectorAll('[data-i18n-field]'))) fields[child.dataset.i18nField] = child;
    replace(el, parts(el.dataset.i18nRich, fields));
  }
}

translatePage();
translateRich();

/**
 * The new table's form, with the controls this page reads by name.
 * @typedef {HTMLFormElement & {elements: HTMLFormControlsCollection & {chat: HTMLInputElement,
 *   hints: HTMLInputElement, spectator_chat: HTMLInputElement, pace: HTMLSelectElement, public: HTMLInputElement,
 *   rated: HTMLInputElement, undo: HTMLInputElement, 'move-hours': HTMLInputElement,
 *   'on-timeout': HTMLSelectElement}}} NewTableForm
 */
const form = /** @type {NewTableForm} */ (document.getElementById('new-table'));
const errorBox = document.getElementById('form-error');
let tableForm = null;   // the game, its seats and options (table-form.js)

function request() {
  const body = {
    game: tableForm.game(),
    seats: tableForm.seats.map((s) => (s.kind.startsWith('bot:') ? s.kind.slice(4) : 'human')),
    options: tableForm.options(),
    chat: form.elements.chat.checked,
    hints: form.elements.hints.checked,
    spectator_chat: form.elements.spectator_chat.checked,
  };
  const pace = form.elements.pace.value;
  const turn = /** @type {HTMLInputElement} */ (document.getElementById('turn-seconds')).value;
  if (turn && pace === 'live') body.turn_seconds = Number(turn);
  if (form.elements.public.checked) body.public = true;
  if (form.elements.rated.checked) body.rated = true;
  if (form.elements.undo.checked) body.undo = true;
  if (pace === 'correspondence') {
    body.pace = pace;
    body.move_hours = Number(form.elements['move-hours'].value);
    body.on_timeout = form.elements['on-timeout'].value;
  }
  return body;
}

async function submit(ev) {
  ev.preventDefault();
  errorBox.textContent = '';
  let local;
  try {
    local = tableForm.localSeats();
  } catch (err) {
    errorBox.textContent = err.message;
    return;
  }
  const button = /** @type {HTMLButtonElement} */ (document.getElementById('start-table'));
  button.disabled = true;
  try {
    const created = await postJSON('/api/tables', request());
    // "You" first, then the other players at this device.
    for (const s of local) await joinSeat(created.id, s.seat, s.name.trim());
    const you = local.find((s) => s.kind === 'you');
    if (you) rememberName(you.name.trim());
    location.assign(created.url);
  } catch (err) {
    errorBox.textContent = sentence(err.message);
    button.disabled = false;
  }
}

/** Correspondence tables count in hours per move; live ones in seconds to decide. */
function showPace() {
  const slow = form.elements.pace.value === 'correspondence';
  document.getElementById('move-hours-field').hidden = !slow;
  document.getElementById('on-timeout-field').hidden = !slow;
  document.getElementById('turn-seconds-field').hidden = slow;
}

async function signedIn() {
  try {
    return (await getJSON('/api/me')).signed_in === true;
  } catch {
    return false;
  }
}

async function start() {
  pageTools();
  const described = await describeGames();
  form.elements.chat.checked = described.defaults.chat !== false;
  form.elements.hints.checked = described.defaults.hints !== false;
  form.elements.spectator_chat.checked = described.defaults.spectator_chat === true;
  tableForm = new TableForm(form, described);
  form.addEventListener('submit', submit);
  form.elements.pace.addEventListener('change', showPace);
  showPace();
  signedIn().then((yes) => {
    form.elements.rated.disabled = !yes;
    document.getElementById('rated-why').hidden = yes;
  });
  tableForm.render();
}

start().catch((err) => { errorBox.textContent = t('page.unreachable', { error: err.message }); });
