// @ts-check
// The offline page (/offline/): keep the offline app in this browser (a progress bar for the first
// download), list the games kept here (resume or forget each; a finished one downloaded as its
// record, or put on the signed-in player's profile when the server answers), and start a new one — the game, its
// seats and options as on the home page (table-form.js), described by furuba's Python in the
// worker rather than by a server. Works the same from `furuba build-static`'s folder.
import './install.js';
import { h, replace, sentence } from './dom.js';
import { lang, number, t, translatePage } from './i18n.js';
import { getJSON, postJSON, rememberName } from './api.js';
import { pageTools, toast } from './prefs.js';
import { TableForm } from './table-form.js';
import { keepOffline } from './offline-cache.js';
import { keepNewTable, newTableId, offlineTableUrl, offlineWorker, randomNumber } from './offline-backend.js';
import { deleteTable, listTables, markTable } from './offline-store.js';

translatePage();
pageTools();

/** @typedef {HTMLFormElement & {elements: HTMLFormControlsCollection & {hints: HTMLInputElement, undo: HTMLInputElement}}} NewTableForm the new table's form, with the controls this page reads by name */
const form = /** @type {NewTableForm} */ (document.getElementById('new-table'));
const errorBox = document.getElementById('form-error');
const stateLine = document.getElementById('offline-state');
const progress = /** @type {HTMLProgressElement} */ (document.getElementById('offline-progress'));
let tableForm = null;

const megabytes = (bytes) => number(bytes / 1e6, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

function say(state, text) {
  stateLine.dataset.state = state;
  stateLine.textContent = text;
}

/** Keep the offline app here, showing the download; its version (null when it is not kept). */
async function keep() {
  try {
    const { fresh, version } = await keepOffline(({ done, total }) => {
      progress.hidden = false;
      progress.max = total;
      progress.value = done;
      say('downloading', t('offline.status.downloading', { done: megabytes(done), total: megabytes(total) }));
    });
    progress.hidden = true;
    say('ready', fresh ? t('offline.status.kept_now') : t('offline.status.ready'));
    return version;
  } catch {
    progress.hidden = true;
    say(navigator.onLine ? 'unkept' : 'offline', t('offline.status.not_kept'));
    return null;
  }
}

/** The games as the worker describes them, kept per version and language: the page then draws
 * its form at once, and Python starts only on the table page. */
async function describedGames(version) {
  const key = `furuba:offline:games:${version}:${lang}`;
  try {
    const kept = JSON.parse(localStorage.getItem(key) || 'null');
    if (kept && Array.isArray(kept.games)) return kept;
  } catch { /* not kept, or unreadable: ask the worker */ }
  const described = await offlineWorker().call('games');
  try {
    for (const old of Object.keys(localStorage).filter((k) => k.startsWith('furuba:offline:games:'))) localStorage.removeItem(old);
    if (version) localStorage.setItem(key, JSON.stringify(described));
  } catch { /* private mode: described again next time */ }
  return described;
}

/** A kept game as a line of the list: its game, its seats, how far it is; resume or forget; a
 * finished one also its record to download and, signed in, a place on the profile. */
function savedLine(record) {
  const seats = (record.seats || []).map((s) => s.name || s.bot || '').filter(Boolean).join(t('table.separator'));
  const when = new Date(record.updated).toLocaleString(document.documentElement.lang);
  const status = record.status === 'finished' ? t('table.status.finished') : t('table.status.playing');
  const forget = h('button', { type: 'button', class: 'btn small subtle', 'data-forget': record.id, onclick: async () => {
    await deleteTable(record.id);
    renderSaved();
  } }, t('offline.saved.forget'));
  const finished = record.status === 'finished' && record.saved;
  return h('li', { 'data-table': record.id },
    h('a', { href: offlineTableUrl(record.id) }, record.title || record.game), ' ',
    h('span', { class: 'muted small' }, t('offline.saved.about', { status, seats, when })), ' ', forget,
    finished ? [' ', downloadButton(record), ' ', onlinePart(record)] : []);
}

/** The record of a finished game as a file: what the browser keeps, under a header naming it. */
function downloadButton(record) {
  return h('button', { type: 'button', class: 'btn small subtle', 'data-download': record.id, onclick: () => {
    const file = { furuba: 'offline game record', format: record.saved.format, game: record.game,
      title: record.title || record.game, saved: record.saved };
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(file, null, 1)}\n`], { type: 'application/json' }));
    const link = h('a', { href: url, download: `furuba-${record.game}-${record.id}.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } }, t('offline.saved.download'));
}

/** The people's seats of a kept game: [{seat, name}]. */
function humanSeats(record) {
  return record.saved.settings.seats.map((s, seat) => ({ seat, kind: s.kind, name: s.name }))
    .filter((s) => s.kind === 'human')
    .map((s) => ({ seat: s.seat, name: s.name || t('table.generic.player', { n: s.seat + 1 }) }));
}

/** The signed-in account's name, once `signedIn` found it. */
let account = null;

/** A link to the game online once it was put there; else, signed in, the button that puts it
 * on the profile (asking which seat was theirs when several people played at this device). */
function onlinePart(record) {
  if (record.online) {
    return h('a', { href: `/replay/${encodeURIComponent(record.online.id)}`, 'data-online': record.id }, t('offline.saved.online'));
  }
  if (!account) return [];
  const seats = humanSeats(record);
  const picker = seats.length > 1 ? h('select', { 'aria-label': t('offline.saved.your_seat'), 'data-seat-of': record.id },
    seats.map((s) => h('option', { value: String(s.seat) }, s.name))) : null;
  const button = h('button', { type: 'button', class: 'btn small', 'data-upload': record.id, onclick: async () => {
    button.disabled = true;
    try {
      const seat = picker ? Number(picker.value) : seats[0].seat;
      const out = await postJSON('/api/me/offline-games', { saved: record.saved, seat });
      await markTable(record.id, { online: { id: out.id, by: account } });
      renderSaved();
    } catch (err) {
      button.disabled = false;
      toast(sentence(err.message), 'error');
    }
  } }, t('offline.saved.upload'));
  return picker ? [h('label', { class: 'small' }, t('offline.saved.your_seat'), ' ', picker), ' ', button] : button;
}

/** The signed-in account's name, when the server answers (never when offline, or without one). */
async function signedIn() {
  if (!navigator.onLine) return null;
  try {
    const me = await getJSON('/api/me');
    return me.signed_in ? me.name : null;
  } catch {
    return null;
  }
}

async function renderSaved() {
  let records;
  try {
    records = await listTables();
  } catch {
    records = [];
  }
  const box = document.getElementById('saved-games');
  box.hidden = !records.length;
  replace(document.getElementById('saved-list'), ...records.map(savedLine));
}

async function submit(ev) {
  ev.preventDefault();
  errorBox.textContent = '';
  const button = /** @type {HTMLButtonElement} */ (document.getElementById('start-table'));
  button.disabled = true;
  try {
    const local = tableForm.localSeats();
    const names = new Map(local.map((s) => [s.seat, s.name.trim()]));
    const settings = {
      id: newTableId(),
      game: tableForm.game(),
      players: tableForm.seats.length,
      options: tableForm.options(),
      seats: tableForm.seats.map((s, i) => (s.kind.startsWith('bot:')
        ? { kind: 'bot', bot: s.kind.slice(4) } : { kind: 'human', name: names.get(i) || null })),
      hints: form.elements.hints.checked,
      undo: form.elements.undo.checked,
      seed: randomNumber(),
    };
    const you = local.find((s) => s.kind === 'you');
    if (you) rememberName(you.name.trim());
    location.assign(await keepNewTable(settings, tableForm.gameInfo().title));
  } catch (err) {
    errorBox.textContent = sentence(err.message);
    button.disabled = false;
  }
}

async function start() {
  renderSaved();
  signedIn().then((name) => {
    account = name;
    if (name) renderSaved();
  });
  const described = await describedGames(await keep());
  tableForm = new TableForm(form, described, { invite: false });
  tableForm.render();
  form.addEventListener('submit', submit);
  /** @type {HTMLButtonElement} */ (document.getElementById('start-table')).disabled = false;
}

start().catch((err) => {
  errorBox.textContent = sentence(err.message);
  toast(err.message, 'error');
});
