// @ts-check
// A form built from a file's JSON Schema and the hints its game gives (GET /api/<option>s/editor:
// `form`): objects as fieldsets, lists with add / remove / move, a choice among kinds (an effect's
// step, a condition) as a menu, numbers with their bounds, references to another part of the file
// (a memory's symbol) as menus, fixed keys (the 13 Sohmas), and each word in every language.
// It knows no game: every label, list and rule comes from the schema and the hints.
//
// Every field carries `data-path`, its place in the file as the server's checker names it
// (`memories[3].ja.prompt`, `events[0].effect[1].move.steps`), so that `showProblems` puts each
// fault beside its field (aria-describedby, aria-invalid); each element with a data-field that the
// page names carries its name too (`data-place`: a field's label, a card's "Memory 4"), so that a
// fault's place is said in the page's words ("Memory 4 › Name").
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { blank, clone, nextId, pathsOf, resolve } from './cardset-editor-schema.js';
import { placeName, reveal, showProblems } from './cardset-editor-faults.js';

/** The form. `onChange(kind)`: 'value' after a field was typed in, 'shape' after an item was
 *  added, removed, moved or changed kind (the form then draws itself again). */
export class SchemaForm {
  constructor(root, hints, onChange) {
    this.root = root;
    this.hints = hints;
    this.schema = hints.schema;
    this.onChange = onChange;
    this.doc = {};
    this.open = new Set();      // paths of the <details> the reader opened
    this.shown = new Map();     // path → the value shown where the file has none (a default)
    this.retitle = new WeakMap();   // a list item's <details> → what puts its name in its heading
    this.edited = null;         // the path of the field the reader changed last
    this.faults = new Set();    // the faults shown by the last check (see faults.js)
  }

  /** A new document: nothing opened, edited or shown yet. */
  reset() {
    this.open.clear();
    this.edited = null;
    this.faults.clear();
  }

  // -- the document -----------------------------------------------------------------------
  get(keys) {
    let at = this.doc;
    for (const key of keys) {
      if (at === null || at === undefined) return undefined;
      at = at[key];
    }
    return at;
  }

  /** Set the value at `keys`, making what is missing on the way from what the form shows. */
  set(keys, value, spaths) {
    let at = this.doc;
    keys.slice(0, -1).forEach((key, i) => {
      if (at[key] === null || at[key] === undefined || typeof at[key] !== 'object') {
        at[key] = clone(this.shown.get(spaths[i])) ?? (typeof keys[i + 1] === 'number' ? [] : {});
      }
      at = at[key];
    });
    const last = keys[keys.length - 1];
    if (value === undefined) delete at[last];
    else at[last] = value;
  }

  label(def, field) {
    return this.hints.labels[`${def}.${field}`] || this.hints.labels[def] || field || def || '';
  }

  // -- drawing ------------------------------------------------------------------------------
  render(doc) {
    this.doc = doc;
    this.shown = new Map();
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focused = active && this.root.contains(active) ? active.dataset.path : null;
    const { node, name } = resolve(this.schema, this.schema);
    const body = this.object(node, name, [], '', this.doc);
    replace(this.root, body);
    if (focused) {
      const again = this.root.querySelector(`[data-path="${CSS.escape(focused)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  /** The fields of an object (a model of the schema), its words with their translations. */
  object(node, def, keys, spath, value) {
    const out = [];
    const words = this.hints.words[def] || [];
    for (const [field, sub] of Object.entries(node.properties || {})) {
      const { node: fieldNode } = resolve(this.schema, sub);
      if (fieldNode.const !== undefined) continue;   // the kind of a step: its menu says it
      const path = spath ? `${spath}.${field}` : field;
      out.push(this.field(sub, def, field, [...keys, field], path, value ? value[field] : undefined));
      if (words.includes(field)) out.push(...this.translations(def, field, sub, keys, spath, value));
    }
    return out;
  }

  /** One property of a model. */
  field(sub, def, field, keys, path, value) {
    const { node, name } = resolve(this.schema, sub);
    const label = this.label(def, field);
    const hintKey = `${def}.${field}`;
    if (value === undefined && node.default !== undefined) this.shown.set(path, clone(node.default));
    if (value === undefined && sub.default !== undefined) this.shown.set(path, clone(sub.default));
    const shownValue = value === undefined ? this.shown.get(path) : value;
    if (node.anyOf) return this.optional(node, def, field, keys, path, shownValue, label);
    if (node.type === 'array') return this.list(node, def, field, keys, path, shownValue || [], label);
    if (node.type === 'object' && node.properties) {
      return this.group(label, path, this.object(node, name, keys, path, shownValue));
    }
    if (node.type === 'object' && this.hints.keys[hintKey]) {
      return this.fixedKeys(node, hintKey, keys, path, shownValue || {}, label);
    }
    return this.input(node, hintKey, keys, path, shownValue, label);
  }

  /** A fieldset (with the place its faults are shown). */
  group(label, path, children, extra = {}) {
    return h('fieldset', { class: 'ed-group', 'data-field': path, 'data-place': label, ...extra },
      h('legend', {}, label), children);
  }

  /** A line of text, a number, a menu of choices or of references, a text area or a colour. */
  input(node, hintKey, keys, path, value, label) {
    const id = nextId('f');
    const help = this.hints.help[hintKey];
    const helpId = help ? nextId('h') : null;
    const widget = this.hints.widgets[hintKey];
    const ref = this.hints.refs[hintKey];
    let control;
    if (ref || node.enum) {
      control = h('select', { id });
      for (const option of this.choices(ref, node, hintKey, value)) {
        control.append(h('option', { value: option.value }, option.label));
      }
      control.value = value ?? '';
    } else if (widget === 'textarea') {
      control = h('textarea', { id, rows: 3 });
      control.value = value ?? '';
    } else if (node.type === 'integer' || node.type === 'number') {
      control = h('input', { id, type: 'number', step: 1, min: node.minimum, max: node.maximum, inputmode: 'numeric' });
      control.value = value ?? '';
    } else {
      control = h('input', { id, type: widget === 'color' ? 'color' : 'text', maxlength: node.maxLength });
      control.value = value ?? '';
    }
    control.dataset.path = path;
    if (helpId) control.setAttribute('aria-describedby', helpId);
    const number = node.type === 'integer' || node.type === 'number';
    const spaths = pathsOf(keys, path);
    control.addEventListener(control.tagName === 'SELECT' || widget === 'color' ? 'change' : 'input', () => {
      const raw = control.value;
      const parsed = number && raw !== '' && Number.isInteger(Number(raw)) ? Number(raw) : raw;
      this.set(keys, parsed, spaths);
      this.edited = path;
      const card = control.closest('details.ed-card');
      if (card && this.retitle.has(card)) this.retitle.get(card)();
      this.onChange('value', path);
    });
    return h('div', { class: 'field ed-field', 'data-field': path, 'data-place': label },
      h('label', { for: id }, label),
      control,
      help ? h('small', { id: helpId, class: 'muted' }, help) : null);
  }

  /** The values a menu offers: an enum's (named by the hints), or a list's (the file's own
   *  symbols, the 13 Sohmas); a value the file holds that the list lacks stays, marked. */
  choices(ref, node, hintKey, value) {
    let out;
    if (ref) {
      const list = this.hints.lists[ref];
      if (Array.isArray(list)) {
        out = list.map((item) => ({ ...item }));
      } else {
        out = (this.get([list.from]) || []).filter((item) => item && item[list.value])
          .map((item) => ({ value: item[list.value], label: `${item[list.label] || item[list.value]} (${item[list.value]})` }));
      }
    } else {
      const named = this.hints.values[hintKey] || {};
      out = node.enum.map((v) => ({ value: v, label: named[v] || v }));
    }
    if (value !== undefined && value !== null && !out.some((o) => o.value === value)) {
      out.unshift({ value, label: value === '' ? t('editor.form.choose') : t('editor.form.unknown', { value }) });
    }
    return out;
  }

  /** A choice among kinds (an effect's step), or an optional value (a side's condition). */
  optional(node, def, field, keys, path, value, label) {
    const branches = node.anyOf.filter((b) => b.type !== 'null');
    const inner = resolve(this.schema, branches[0]).node;
    if (inner.oneOf) return this.union(inner, keys, path, value, label, true);
    const id = nextId('f');
    const box = h('input', { type: 'checkbox', id, 'data-path': `${path}?` });
    box.checked = value !== null && value !== undefined;
    box.addEventListener('change', () => {
      this.set(keys, box.checked ? blank(this.schema, branches[0], this.hints) : undefined, pathsOf(keys, path));
      this.onChange('shape', path);
    });
    const { node: n, name } = resolve(this.schema, branches[0]);
    return this.group(label, path, [h('label', { for: id, class: 'toggle' }, box, ' ', t('editor.form.has', { what: label })),
      box.checked ? this.object(n, name, keys, path, value) : null]);
  }

  /** One value of a tagged union: a menu of its kinds, then the fields of the kind chosen. */
  union(node, keys, path, value, label, nullable = false) {
    const tag = node.discriminator.propertyName;
    const kinds = node.oneOf.map((ref) => {
      const { node: n, name } = resolve(this.schema, ref);
      return { tag: n.properties[tag].const, name, node: n };
    });
    const id = nextId('f');
    const menu = h('select', { id, 'data-path': `${path}.${tag}` },
      nullable ? h('option', { value: '' }, t('editor.form.none')) : null,
      kinds.map((k) => h('option', { value: k.tag }, this.hints.labels[k.name] || k.tag)));
    const current = value && typeof value === 'object' ? kinds.find((k) => k.tag === value[tag]) : null;
    menu.value = current ? current.tag : (nullable ? '' : kinds[0].tag);
    menu.addEventListener('change', () => {
      const chosen = kinds.find((k) => k.tag === menu.value);
      this.set(keys, chosen ? blank(this.schema, { $ref: `#/$defs/${chosen.name}` }, this.hints) : undefined,
        pathsOf(keys, path));
      this.onChange('shape', path);
    });
    const fields = current ? this.object(current.node, current.name, keys, `${path}.${current.tag}`, value) : [];
    return this.group(label, path, [h('div', { class: 'field ed-field', 'data-field': path },
      h('label', { for: id }, t('editor.form.kind', { what: label })), menu), fields], { class: 'ed-group ed-union' });
  }

  /** A list: each item with its buttons, then Add. */
  list(node, def, field, keys, path, items, label) {
    const { node: itemNode, name: itemName } = resolve(this.schema, node.items);
    const top = keys.length === 1;
    const rows = items.map((item, i) => this.item(node, itemNode, itemName, keys, path, items, i, top));
    const add = h('button', { type: 'button', class: 'btn small subtle ed-add', 'data-path': `${path}+` },
      t('editor.form.add', { what: this.hints.labels[itemName] || label }));
    add.disabled = node.maxItems !== undefined && items.length >= node.maxItems;
    add.addEventListener('click', () => {
      const next = [...items, this.newItem(node.items, `${def}.${field}`)];
      this.set(keys, next, pathsOf(keys, path));
      if (top) this.open.add(`${path}[${next.length - 1}]`);
      this.onChange('shape', path);
      requestAnimationFrame(() => {
        const first = this.root.querySelector(`[data-field="${CSS.escape(`${path}[${next.length - 1}]`)}"] input, [data-field="${CSS.escape(`${path}[${next.length - 1}]`)}"] select`);
        if (first) first.focus();
      });
    });
    const listEl = h(top ? 'div' : 'ol', { class: `ed-list${top ? ' ed-top-list' : ''}` }, rows);
    return this.group(label, path, [listEl, add], { class: `ed-group${top ? ' ed-section' : ''}`, 'data-list': true });
  }

  /** A new item of a list: a reference's first choice (a symbol), else a blank one. */
  newItem(itemSchema, hintKey) {
    const { node } = resolve(this.schema, itemSchema);
    const ref = this.hints.refs[hintKey];
    if (ref && node.type === 'string') {
      const first = this.choices(ref, node, hintKey, undefined)[0];
      return first ? first.value : '';
    }
    return blank(this.schema, itemSchema, this.hints);
  }

  /** One item of a list: its fields (a top list's in a <details> titled by its name). */
  item(listNode, itemNode, itemName, keys, path, items, i, top) {
    const itemKeys = [...keys, i];
    const itemPath = `${path}[${i}]`;
    const value = items[i];
    const what = this.hints.labels[itemName] || t('editor.form.item');
    let body;
    let place = t('editor.form.nth', { what, number: i + 1 });   // what the page calls the item
    if (itemNode.oneOf) {
      place = t('editor.form.step', { number: i + 1 });
      body = [this.union(itemNode, itemKeys, itemPath, value, place)];
    } else if (itemNode.type === 'object') {
      body = this.object(itemNode, itemName, itemKeys, itemPath, value);
    } else {
      const listHint = `${this.ownerOf(keys)}`;
      place = t('editor.form.nth', { what: this.label(...listHint.split('.')), number: i + 1 });
      body = [this.input(itemNode, listHint, itemKeys, itemPath, value, place)];
    }
    const buttons = this.itemButtons(listNode, keys, path, items, i, what);
    if (!top) {
      const titled = itemNode.type === 'object' && !itemNode.oneOf
        ? [this.group(this.title(itemName, value, i), itemPath, body)] : body;
      return h('li', { class: 'ed-item', 'data-field': itemPath, 'data-place': place }, titled, buttons);
    }
    const summary = h('summary', {}, this.title(itemName, value, i));
    const details = h('details', { class: 'ed-item ed-card', 'data-field': itemPath, 'data-place': place }, summary,
      h('div', { class: 'ed-card-body' }, body, buttons));
    this.retitle.set(details, () => { summary.textContent = this.title(itemName, this.get(itemKeys), i); });
    details.open = this.open.has(itemPath);
    details.addEventListener('toggle', () => {
      if (details.open) this.open.add(itemPath);
      else this.open.delete(itemPath);
    });
    return details;
  }

  /** The hint key of the list at `keys` (`SohmaSide.needs`): its owner's model and field. */
  ownerOf(keys) {
    let node = this.schema;
    let def = resolve(this.schema, node).name;
    for (const key of keys) {
      const r = resolve(this.schema, node);
      if (typeof key === 'number') {
        node = r.node.items;
      } else if (r.node.properties && r.node.properties[key]) {
        def = r.name || def;
        node = r.node.properties[key];
        const inner = resolve(this.schema, node).node;
        if (inner.anyOf) node = inner.anyOf.find((b) => b.type !== 'null');
      } else {
        node = r.node.additionalProperties;
      }
    }
    return `${def}.${keys[keys.length - 1]}`;
  }

  title(itemName, value, i) {
    const field = this.hints.titles[itemName];
    const named = field && value ? value[field] : '';
    return t('editor.form.title', { what: this.hints.labels[itemName] || '', number: i + 1, name: named || t('editor.form.unnamed') });
  }

  itemButtons(listNode, keys, path, items, i, what) {
    const move = (to) => {
      const next = [...items];
      [next[i], next[to]] = [next[to], next[i]];
      this.set(keys, next, pathsOf(keys, path));
      this.onChange('shape', path);
    };
    const remove = h('button', { type: 'button', class: 'btn small subtle', 'data-path': `${path}[${i}]-` },
      t('editor.form.remove', { what, number: i + 1 }));
    remove.disabled = listNode.minItems !== undefined && items.length <= listNode.minItems;
    remove.addEventListener('click', () => {
      this.set(keys, items.filter((_, k) => k !== i), pathsOf(keys, path));
      this.onChange('shape', path);
    });
    const up = h('button', { type: 'button', class: 'btn small subtle', 'aria-label': t('editor.form.up', { what, number: i + 1 }) }, '↑');
    up.disabled = i === 0;
    up.addEventListener('click', () => move(i - 1));
    const down = h('button', { type: 'button', class: 'btn small subtle', 'aria-label': t('editor.form.down', { what, number: i + 1 }) }, '↓');
    down.disabled = i === items.length - 1;
    down.addEventListener('click', () => move(i + 1));
    return h('div', { class: 'ed-item-buttons' }, up, down, remove);
  }

  /** A table whose keys are fixed (every Sohma): one <details> per key. */
  fixedKeys(node, hintKey, keys, path, value, label) {
    const list = this.hints.lists[this.hints.keys[hintKey]] || [];
    const { node: itemNode, name } = resolve(this.schema, node.additionalProperties);
    const rows = list.map((entry) => {
      const itemPath = `${path}.${entry.value}`;
      const details = h('details', { class: 'ed-item ed-card', 'data-field': itemPath, 'data-place': entry.label },
        h('summary', {}, entry.label),
        h('div', { class: 'ed-card-body' }, this.object(itemNode, name, [...keys, entry.value], itemPath,
          value[entry.value] || this.shownAt(itemPath, itemNode))));
      details.open = this.open.has(itemPath);
      details.addEventListener('toggle', () => {
        if (details.open) this.open.add(itemPath);
        else this.open.delete(itemPath);
      });
      return details;
    });
    return this.group(label, path, h('div', { class: 'ed-list ed-top-list' }, rows), { class: 'ed-group ed-section' });
  }

  shownAt(path, node) {
    const empty = blank(this.schema, node, this.hints);
    this.shown.set(path, empty);
    return empty;
  }

  /** Each word's translations: one field per language other than the file's own. */
  translations(def, field, sub, keys, spath, value) {
    const base = this.doc[this.hints.base] || 'en';
    const present = Object.keys(value || {}).filter((k) => /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(k) && !(k in this.propertiesOf(def)));
    const languages = [...new Set([...Object.keys(this.hints.languages), ...present])].filter((l) => l !== base);
    const { node } = resolve(this.schema, sub);
    return languages.map((language) => {
      const name = this.hints.languages[language] || language;
      const words = value && value[language] ? value[language][field] : undefined;
      const path = spath ? `${spath}.${language}.${field}` : `${language}.${field}`;
      const el = this.input(node, `${def}.${field}`, [...keys, language, field], path, words,
        t('editor.form.in_language', { what: this.label(def, field), language: name }));
      el.classList.add('ed-translation');
      el.setAttribute('lang', language);
      const control = el.querySelector('input, textarea');
      if (control) {
        control.removeAttribute('aria-describedby');
        control.addEventListener('input', () => this.tidy([...keys, language], pathsOf([...keys, language], spath ? `${spath}.${language}` : language)));
      }
      return el;
    });
  }

  propertiesOf(def) {
    const node = this.schema.$defs[def] || (this.schema.title === def ? this.schema : {});
    return node.properties || {};
  }

  /** A translation left with no word, or a word emptied, is taken out of the file. */
  tidy(keys, spaths) {
    const words = this.get(keys);
    if (!words || typeof words !== 'object') return;
    for (const [k, v] of Object.entries(words)) if (v === '') delete words[k];
    if (!Object.keys(words).length) this.set(keys, undefined, spaths);
  }

  // -- faults -------------------------------------------------------------------------------
  /** Show each problem ({field, message}) beside its field(s), in the page's words: {placed,
   *  loose} (see faults.js). */
  showProblems(problems) {
    return showProblems(this.root, problems, { edited: this.edited, shown: this.faults });
  }

  /** A field's place as the page labels it ("Memory 4 › Name"). */
  placeName(path) {
    return placeName(this.root, path);
  }

  /** Open the details that hold a field and focus it. */
  reveal(path) {
    reveal(this.root, this.open, path);
  }
}
