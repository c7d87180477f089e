// The offline page (/offline/): keep the offline app in this browser (a progress bar for the first
// download), list the games kept here (resume or forget each), and start a new one — the game, its
// seats and options as on the home page (table-form.js), described by furuba's Python in the
// worker rather than by a server. Works the same from `furuba build-static`'s folder.
import './install.js';
import { h, replace, sentence } from './dom.js';
import { number, t, translatePage } from './i18n.js';
import { rememberName } from './api.js';
import { pageTools, toast } from './prefs.js';
import { TableForm } from './table-form.js';
import { keepOffline } from './offline-cache.js';
import { offlineWorker, startOfflineTable, offlineTableUrl } from './offline-backend.js';
import { deleteTable, listTables } from './offline-store.js';

translatePage();
pageTools();

const form = document.getElementById('new-table');
const errorBox = document.getElementById('form-error');
const stateLine = document.getElementById('offline-state');
const progress = document.getElementById('offline-progress');
let tableForm = null;

const megabytes = (bytes) => number(bytes / 1e6, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

function say(state, text) {
  stateLine.dataset.state = state;
  stateLine.textContent = text;
}

/** Keep the offline app here, showing the download. */
async function keep() {
  try {
    const { fresh } = await keepOffline(({ done, total }) => {
      progress.hidden = false;
      progress.max = total;
      progress.value = done;
      say('downloading', t('offline.status.downloading', { done: megabytes(done), total: megabytes(total) }));
    });
    progress.hidden = true;
    say('ready', fresh ? t('offline.status.kept_now') : t('offline.status.ready'));
  } catch {
    progress.hidden = true;
    say(navigator.onLine ? 'unkept' : 'offline', t('offline.status.not_kept'));
  }
}

/** A kept game as a line of the list: its game, its seats, how far it is; resume or forget. */
function savedLine(record) {
  const seats = (record.seats || []).map((s) => s.name || s.bot || '').filter(Boolean).join(t('table.separator'));
  const when = new Date(record.updated).toLocaleString(document.documentElement.lang);
  const status = record.status === 'finished' ? t('table.status.finished') : t('table.status.playing');
  const forget = h('button', { type: 'button', class: 'btn small subtle', 'data-forget': record.id, onclick: async () => {
    await deleteTable(record.id);
    renderSaved();
  } }, t('offline.saved.forget'));
  return h('li', { 'data-table': record.id },
    h('a', { href: offlineTableUrl(record.id) }, record.title || record.game), ' ',
    h('span', { class: 'muted small' }, t('offline.saved.about', { status, seats, when })), ' ', forget);
}

async function renderSaved() {
  let records = [];
  try {
    records = await listTables();
  } catch {
    records = [];
  }
  const box = document.getElementById('saved-games');
  box.hidden = !records.length;
  replace(document.getElementById('saved-list'), ...records.map(savedLine));
}

/** A number no other game of this browser is likely to have: a table's seed or id. */
function randomNumber() {
  return crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
}

async function submit(ev) {
  ev.preventDefault();
  errorBox.textContent = '';
  const button = document.getElementById('start-table');
  button.disabled = true;
  try {
    const local = tableForm.localSeats();
    const names = new Map(local.map((s) => [s.seat, s.name.trim()]));
    const settings = {
      id: `o${randomNumber().toString(36)}${Date.now().toString(36)}`,
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
    location.assign(await startOfflineTable(settings));
  } catch (err) {
    errorBox.textContent = sentence(err.message);
    button.disabled = false;
  }
}

async function start() {
  renderSaved();
  await keep();
  const worker = offlineWorker();
  const described = await worker.call('games');
  tableForm = new TableForm(form, described, { invite: false });
  tableForm.render();
  form.addEventListener('submit', submit);
  document.getElementById('start-table').disabled = false;
}

start().catch((err) => {
  errorBox.textContent = sentence(err.message);
  toast(err.message, 'error');
});
