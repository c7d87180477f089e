// @ts-check
// The file editor's page (/<option>s: /cardsets): open the default set, an empty one, an uploaded
// TOML file or one kept in the account; edit it in a form built from its game's schema (see
// cardset-editor-form.js); every change is checked by the server (POST /api/<option>s/editor/check
// with the document, debounced: 200 with its faults, if any) and each fault shown beside its
// field, in the page's words (cardset-editor-faults.js); the cards are drawn as they are
// typed by the game's editor module (games.js: editorModule). Then download the file, keep it in
// the account, start a table with it, or measure it (cardset-editor-measure.js). It names no
// game: everything comes from GET /api/<option>s/editor.
import './install.js';
import { h, replace } from './dom.js';
import { number, parts, t, translatePage, when } from './i18n.js';
import { csrfHeader, getJSON, joinSeat, lastName, postJSON, sendJSON } from './api.js';
import { pageTools } from './prefs.js';
import { editorModule } from './games.js';
import { firstLook } from './session.js';
import { SchemaForm } from './cardset-editor-form.js';
import { measurePanel } from './cardset-editor-measure.js';

translatePage();
pageTools();

const CHECK_MS = 350;
const byId = (id) => document.getElementById(id);
const el = {
  body: byId('editor-body'), form: byId('form-root'), cards: byId('cards-root'),
  status: byId('check-status'), problems: byId('problem-list'), openError: byId('open-error'),
  saved: byId('saved-files'), saveTools: byId('save-tools'), saveStatus: byId('save-status'),
  players: /** @type {HTMLInputElement} */ (byId('play-players')), games: /** @type {HTMLInputElement} */ (byId('measure-games')), gamesHelp: byId('measure-games-help'),
  bots: /** @type {HTMLSelectElement} */ (byId('measure-bots')), playError: byId('play-error'),
};
const word = location.pathname.split('/').filter(Boolean)[0] || '';
const game = new URLSearchParams(location.search).get('game');
const st = { desc: null, module: null, form: null, doc: null, text: null, ok: false, checked: 0,
  timer: null, drawing: false, fileId: null, me: { signed_in: false } };

// -- checking ---------------------------------------------------------------------------------
function changed(kind) {
  if (kind === 'shape') st.form.render(st.doc);
  st.text = null;
  draw();
  clearTimeout(st.timer);
  st.timer = setTimeout(check, CHECK_MS);
}

function draw() {
  if (st.drawing || !st.module) return;
  st.drawing = true;
  requestAnimationFrame(() => {
    st.drawing = false;
    st.module.drawCards(el.cards, st.doc, { form: st.desc.form, focus: (path) => st.form.reveal(path) });
  });
}

/** Check the document now; the file's text once it is written (valid or not). */
async function check() {
  clearTimeout(st.timer);
  const asked = (st.checked += 1);
  let answer;
  try {
    // The editor's own check answers 200 for a set with faults too ("ok": false): a set with
    // faults is what checking a draft usually finds, not a failed request (which the browser
    // would log as an error at every keystroke).
    const r = await fetch(`/api/${word}/editor/check?game=${encodeURIComponent(st.desc.game)}`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...csrfHeader() },
      body: JSON.stringify(st.doc) });
    answer = await r.json();
  } catch {
    if (asked === st.checked) el.status.textContent = t('editor.status.offline');
    return null;
  }
  // A later check owns the page's status; this one still answers for the document it sent (a
  // download or a table asked for then gets that file, never nothing).
  if (asked !== st.checked) return answer.text || null;
  st.text = answer.text || null;
  st.ok = answer.ok === true;
  showCheck(answer);
  return st.text;
}

function showCheck(answer) {
  const problems = answer.problems || [];
  const { placed, loose } = st.form.showProblems(problems);
  el.status.dataset.ok = st.ok ? 'true' : 'false';
  if (st.ok) {
    const sum = answer.summary;
    el.status.textContent = t('editor.status.ok', { name: sum.name, memories: number(sum.memories),
      events: number(sum.events), symbols: number(sum.symbols.length), languages: sum.languages.join(', ') });
  } else {
    el.status.textContent = t('editor.status.problems', { count: problems.length || 1 });
  }
  const items = [...loose.map((p) => ({ ...p, id: null })), ...placed];
  const shown = problems.length ? items : (answer.detail && !st.ok ? [{ fields: [], message: answer.detail }] : []);
  // Each problem: a button to each field it concerns, named as the page names it, then the
  // problem in the page's words.
  replace(el.problems, shown.slice(0, 50).map((p) => h('li', {},
    p.fields.map((field) => [h('button', { type: 'button', class: 'btn small subtle ed-goto', onclick: () => st.form.reveal(field) },
      t('editor.status.go', { field: st.form.placeName(field) })), ' ']),
    h('span', {}, p.message))));
}

// -- opening ----------------------------------------------------------------------------------
function open(doc, fileId = null) {
  st.doc = doc && typeof doc === 'object' ? doc : {};
  st.fileId = fileId;
  st.text = null;   // the file of the document opened before is not this one's
  st.ok = false;
  st.form.reset();
  st.form.render(st.doc);
  el.body.hidden = false;
  el.openError.textContent = '';
  el.saveStatus.textContent = '';
  renderSaveTools();
  draw();
  check();
  byId('form-title').scrollIntoView({ block: 'start' });
}

async function openText(text) {
  try {
    const out = await postText(`/api/${word}/read?game=${encodeURIComponent(st.desc.game)}`, text);
    open(out.document);
  } catch (err) {
    el.openError.textContent = err.message;
  }
}

async function postText(url, text) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8', ...csrfHeader() }, body: text });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.detail || t('api.status', { status: r.status }));
  return body;
}

// -- the account's files ----------------------------------------------------------------------
async function listSaved() {
  if (!st.me.signed_in) {
    replace(el.saved, h('p', { class: 'muted' }, parts('editor.saved.guest', {
      link: h('a', { href: `/account?next=${encodeURIComponent(location.pathname)}` }, t('editor.saved.sign_in')) })));
    return;
  }
  let files;
  try {
    files = (await getJSON(`/api/me/${word}`)).files;
  } catch (err) {
    replace(el.saved, h('p', { class: 'error' }, err.message));
    return;
  }
  if (!files.length) {
    replace(el.saved, h('p', { class: 'muted' }, t('editor.saved.none')));
    return;
  }
  replace(el.saved, h('h3', {}, t('editor.saved.title')), h('ul', { class: 'ed-saved-list' }, files.map((f) => h('li', {},
    h('bdi', {}, f.name), ' ', h('span', { class: 'muted small' }, t('editor.saved.when', { when: when(f.updated_at) })), ' ',
    h('button', { type: 'button', class: 'btn small', onclick: () => openSaved(f.id) }, t('editor.saved.open', { name: f.name })),
    h('button', { type: 'button', class: 'btn small subtle', onclick: () => removeSaved(f) }, t('editor.saved.delete', { name: f.name }))))));
}

async function openSaved(id) {
  try {
    const file = await getJSON(`/api/me/${word}/${encodeURIComponent(id)}`);
    const out = await postText(`/api/${word}/read?game=${encodeURIComponent(file.game)}`, file.text);
    open(out.document, id);
    el.saveStatus.textContent = t('editor.saved.opened', { name: file.name });
  } catch (err) {
    el.openError.textContent = err.message;
  }
}

async function removeSaved(file) {
  try {
    await sendJSON('DELETE', `/api/me/${word}/${encodeURIComponent(file.id)}`);
    if (st.fileId === file.id) st.fileId = null;
    el.saveStatus.textContent = t('editor.saved.deleted', { name: file.name });
    await listSaved();
  } catch (err) {
    el.openError.textContent = err.message;
  }
}

function renderSaveTools() {
  if (!st.me.signed_in) {
    replace(el.saveTools, h('span', { class: 'muted small' }, t('editor.saved.download_instead')));
    return;
  }
  const name = h('input', { type: 'text', id: 'save-name', maxlength: 80 });
  name.value = (st.doc && typeof st.doc.name === 'string' && st.doc.name) || t('editor.saved.untitled');
  const save = h('button', { type: 'button', class: 'btn', id: 'save-file' }, st.fileId ? t('editor.saved.save_again') : t('editor.saved.save'));
  save.addEventListener('click', async () => {
    const text = st.text || await check();
    if (!text) {
      el.saveStatus.textContent = t('editor.status.offline');
      return;
    }
    try {
      const body = { name: name.value.trim() || t('editor.saved.untitled'), text, game: st.desc.game };
      const out = st.fileId ? await sendJSON('PUT', `/api/me/${word}/${encodeURIComponent(st.fileId)}`, body)
        : await postJSON(`/api/me/${word}`, body);
      st.fileId = out.id;
      el.saveStatus.textContent = t(out.ok ? 'editor.saved.saved' : 'editor.saved.saved_with_problems', { name: out.name });
      save.textContent = t('editor.saved.save_again');
      await listSaved();
    } catch (err) {
      el.saveStatus.textContent = err.message;
    }
  });
  replace(el.saveTools, h('label', { for: 'save-name' }, t('editor.saved.name')), ' ', name, ' ', save);
}

// -- the file, a table ------------------------------------------------------------------------
async function download() {
  const text = st.text || await check();
  if (!text) return;
  const name = String((st.doc && st.doc.name) || 'cards').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'cards';
  const link = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/toml' })), download: `${name}.toml` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

const players = () => Number(el.players.value) || st.desc.measure.players.default;

async function startTable() {
  el.playError.textContent = '';
  const text = st.text || await check();
  if (!text || !st.ok) {
    el.playError.textContent = t('editor.play.fix_first');
    return;
  }
  const seats = ['human', ...Array.from({ length: players() - 1 }, () => el.bots.value || 'greedy')];
  try {
    const out = await postJSON('/api/tables', { game: st.desc.game, seats, files: { [st.desc.option]: text } });
    await joinSeat(out.id, 0, lastName() || t('editor.play.player'));
    location.assign(out.url);
  } catch (err) {
    el.playError.textContent = err.message;
  }
}

// -- the page ---------------------------------------------------------------------------------
async function main() {
  try {
    st.desc = await getJSON(`/api/${word}/editor${game ? `?game=${encodeURIComponent(game)}` : ''}`);
  } catch (err) {
    el.openError.textContent = err.message;
    return;
  }
  const desc = st.desc;
  document.title = t('editor.page_title_of', { what: desc.label, game: desc.title });
  byId('editor-title').textContent = t('editor.title_of', { what: desc.label, game: desc.title });
  st.module = await editorModule(desc.module);
  st.form = new SchemaForm(el.form, desc.form, changed);
  const { min, max, default: usual } = desc.measure.players;
  Object.assign(el.players, { min, max, value: usual });
  el.games.max = desc.measure.max_games;
  el.gamesHelp.textContent = t('editor.measure.games_help', { max: number(desc.measure.max_games) });
  replace(el.bots, desc.measure.bots.map((b) => h('option', { value: b }, t(`editor.bot.${b}`))));
  byId('open-default').addEventListener('click', () => open(structuredClone(desc.starts.default)));
  byId('open-empty').addEventListener('click', () => open(structuredClone(desc.starts.empty)));
  const file = /** @type {HTMLInputElement} */ (byId('open-file'));
  byId('open-upload').addEventListener('click', () => file.click());
  file.addEventListener('change', async () => {
    if (file.files && file.files[0]) await openText(await file.files[0].text());
    file.value = '';
  });
  byId('export-file').addEventListener('click', download);
  byId('start-table').addEventListener('click', startTable);
  measurePanel({
    word, game: desc.game, module: st.module, doc: () => st.doc,
    text: async () => { const text = st.text || await check(); return st.ok ? text : null; }, players, bots: () => [el.bots.value],
    games: () => Math.max(1, Math.floor(Number(el.games.value) || 1)),
    els: { start: byId('measure-start'), cancel: byId('measure-cancel'), progress: byId('measure-progress'),
      bar: byId('measure-bar'), status: byId('measure-progress-text'), report: byId('measure-report'), error: el.playError },
  });
  st.me = await firstLook;
  await listSaved();
  document.body.dataset.ready = 'true';
}

main();
