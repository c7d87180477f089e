// @ts-check
// Faults beside their fields: each problem the server's check names ({field, message}, the field
// as `memories[3].ja.prompt`) is said under the element whose data-field is that place (or its
// nearest owner: the list, the Sohma), which it describes (aria-describedby; a field is also
// marked aria-invalid). A fault that names other places in its message (a card name used by two
// cards: "…, memories[0] and memories[3]…") is said under each of them, the field the reader is
// editing first; when it concerns that field, the shut cards holding the others open. Problems
// no element holds are returned, to be shown above the form.
//
// The reader sees the page's words, never the file's: a place is named as the page labels it
// ("Memory 4 › Name", numbered from 1: `placeName`), and a message's places and field keys
// (`memories[0]`, `deck_size`, 'count') are said so too (`sayMessage`).
import { h } from './dom.js';
import { t } from './i18n.js';
import { nextId } from './cardset-editor-schema.js';

/** Show each problem ({field, message}) beside its field(s): {placed, loose}, each problem with
 *  its `message` in the page's words and its `fields` (the one being edited first). `edited`:
 *  the data-path of the field the reader just changed; `shown`: the faults shown before (a Set
 *  this updates), so that a card the reader shut again is not opened at every check. */
export function showProblems(root, problems, { edited = null, shown = new Set() } = {}) {
  for (const el of root.querySelectorAll('.ed-error')) el.remove();
  for (const el of root.querySelectorAll('.ed-has-error')) el.classList.remove('ed-has-error');
  for (const el of root.querySelectorAll('[aria-describedby]')) {
    el.removeAttribute('aria-invalid');
    const kept = (el.getAttribute('aria-describedby') || '').split(' ').filter((x) => x && !x.startsWith('e-'));
    if (kept.length) el.setAttribute('aria-describedby', kept.join(' '));
    else el.removeAttribute('aria-describedby');
  }
  const placed = [];
  const loose = [];
  const now = new Set();
  for (const problem of problems) {
    const message = sayMessage(root, problem);
    const fields = involved(root, problem);
    if (!fields.length) {
      loose.push({ ...problem, message, fields });
      continue;
    }
    const mine = fields.indexOf(edited);
    if (mine > 0) fields.unshift(...fields.splice(mine, 1));
    const notes = fields.map((field) => note(root, holderOf(root, field), message));
    const key = `${problem.field}\n${problem.message}`;
    now.add(key);
    if (mine >= 0 && !shown.has(key)) {
      for (const field of fields.slice(1)) openTo(root, holderOf(root, field));
    }
    placed.push({ ...problem, message, fields, id: notes[0].id, control: notes[0].control });
  }
  shown.clear();
  for (const key of now) shown.add(key);
  return { placed, loose };
}

/** Say `message` under `holder` (a field, or a group: a list, a Sohma), which it describes. */
function note(root, holder, message) {
  const id = nextId('e');
  const said = h('p', { class: 'ed-error error', id }, message);
  // A field's fault is said under it and describes its control; a group's (a list, a
  // Sohma) is said under its legend and describes the group.
  const field = holder.classList.contains('ed-field');
  const control = field ? holder.querySelector('[data-path]') : holder;
  if (field) {
    holder.append(said);
    control.setAttribute('aria-invalid', 'true');
  } else {
    const body = holder.querySelector(':scope > .ed-card-body') || holder;
    const legend = body.querySelector(':scope > legend');
    body.insertBefore(said, legend ? legend.nextSibling : body.firstChild);
  }
  control.setAttribute('aria-describedby', `${control.getAttribute('aria-describedby') || ''} ${id}`.trim());
  for (let up = holder; up && up !== root; up = up.parentElement) {
    if (up.tagName === 'DETAILS') up.classList.add('ed-has-error');
  }
  return { id, control };
}

/** The element that shows a field's faults: the field itself, else its nearest owner. */
export function holderOf(root, field) {
  if (!field) return null;
  let path = field;
  while (path) {
    const el = exactly(root, path);
    if (el) return el;
    path = ownerPath(path);
  }
  return null;
}

/** The element of exactly that place: its field if it has one (a list's item, a step), else its
 *  group. */
function exactly(root, path) {
  const at = `[data-field="${CSS.escape(path)}"]`;
  return root.querySelector(`.ed-field${at}`) || root.querySelector(at);
}
/** `memories[3].name` → `memories[3]` → `memories` → ''. */
function ownerPath(path) {
  const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
  return cut > 0 ? path.slice(0, cut) : '';
}

/** Open the cards (<details>) that hold `holder`; the paths opened, for the form to remember. */
function openTo(root, holder, open = null) {
  for (let up = holder; up && up !== root; up = up.parentElement) {
    if (up.tagName === 'DETAILS') {
      up.open = true;
      if (open) open.add(up.dataset.field);
    }
  }
}

/** Open the details that hold a field and focus it. */
export function reveal(root, open, path) {
  const holder = holderOf(root, path);
  if (!holder) return;
  openTo(root, holder, open);
  const control = holder.matches('[data-path]') ? holder : holder.querySelector('[data-path]');
  (control || holder).scrollIntoView({ block: 'center' });
  if (control) control.focus({ preventScroll: true });
}

// -- the page's words -------------------------------------------------------------------------
/** A place as the page labels it: "Memory 2 › Name", "Yuki › Animal side › Symbols it needs 4",
 *  "Cards in one set" (each element's data-place, from the card down to the field; the lists
 *  and sections on the way are left out when an item inside names them). '' if not on the page. */
export function placeName(root, field) {
  const holder = holderOf(root, field);
  if (!holder) return '';
  const outer = new Map();   // path → its outermost element with a name
  for (let el = holder; el && el !== root; el = el.parentElement) {
    if (el.dataset && el.dataset.field !== undefined && el.dataset.place) outer.set(el.dataset.field, el);
  }
  const names = [];
  [...outer.values()].forEach((el, i) => {
    if (i > 0 && (el.classList.contains('ed-section') || el.hasAttribute('data-list'))) return;
    names.unshift(el.dataset.place);
  });
  return names.join(t('editor.place.joiner'));
}

// A place of the file in a message (`memories[0]`, `events[1].effect[0].move.steps`), a field
// key in quotes ('count'), or a key of several words (`deck_size`, `at_least`).
const WORDS_OF_THE_FILE = /'([a-z][a-z0-9_]*)'|\b([a-z_]+\[\d+\](?:\[\d+\]|\.[A-Za-z_][\w-]*)*)|\b([a-z]+(?:_[a-z]+)+)\b/g;

/** A problem's message with the file's places and keys said as the page labels them. */
export function sayMessage(root, problem) {
  const said = String(problem.message || '').replace(WORDS_OF_THE_FILE, (found, quoted, place, key) => {
    let words;
    if (place) {
      words = exactly(root, place) && placeName(root, place);
    } else {
      const field = fieldOfKey(root, problem.field || '', quoted || key, Boolean(quoted));
      words = field && t('editor.place.quoted', { name: exactly(root, field).dataset.place });
    }
    return words ? `\ue000${words}\ue001` : found;
  });
  // The spaces that set a key of the file apart from Japanese words go with it when the page's
  // words come in full-width brackets (「…」).
  return said.replace(/ ?\ue000(?=[「『（])/g, '').replace(/(?<=[」』）])\ue001 ?/g, '')
    .replace(/[\ue000\ue001]/g, '');
}

/** The field a key names, seen from the problem's field: one of its own (`at_least` of a
 *  condition), else its owners' (`count` from `memories[1].name` is `memories[1].count`;
 *  `deck_size` is the set's own), or null. */
function fieldOfKey(root, from, key, quoted) {
  // A quoted word is a value as often as a key (a symbol's id, a card's name): it names a field
  // only if no field holds it.
  if (quoted && [...root.querySelectorAll('[data-path]')].some((c) => String(c.value).toLowerCase() === key)) return null;
  if (from) {
    const within = `[data-field="${CSS.escape(from)}"] [data-field$=".${CSS.escape(key)}"][data-place]`;
    const inside = root.querySelector(within);
    if (inside) return inside.dataset.field;
  }
  for (let path = from; ; path = ownerPath(path)) {
    const candidate = path ? `${path}.${key}` : key;
    const el = exactly(root, candidate);
    if (el && el.dataset.place) return candidate;
    if (!path) return null;
  }
}

/** The fields a problem concerns, each on the page: its own, then each place its message names
 *  (`memories[0]` in a fault at `memories[3].name` is `memories[0].name`). */
function involved(root, problem) {
  const out = [];
  const add = (field) => { if (field && holderOf(root, field) && !out.includes(field)) out.push(field); };
  const own = problem.field || '';
  add(own);
  const item = /^(.*\])((?:\.[A-Za-z_][\w-]*)+)$/.exec(own);   // `memories[3]` and `.name`
  for (const found of String(problem.message || '').matchAll(WORDS_OF_THE_FILE)) {
    const place = found[2];
    if (!place || !exactly(root, place)) continue;
    const same = item && /\]$/.test(place) ? `${place}${item[2]}` : null;
    add(same && exactly(root, same) ? same : place);
  }
  return out;
}
