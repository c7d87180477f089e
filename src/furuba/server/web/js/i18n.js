// @ts-check
// The page's language and its words. One catalog per language (/static/i18n/<lang>.json): a flat
// object from a key to a text with {name} fields, or to plural forms {one, other} chosen by the
// field `count`. The language is, in order: ?lang= in the address (then remembered), the one the
// player picked with the switch, the browser's languages, English. Every page imports this
// module first; the server learns the choice from the cookie furuba_lang (its refusals are then
// in the same language).
//
//   t('lobby.seats', { count: 3 })     → "3 seats" / "3席"
//   parts('home.intro', { a: h('strong', {}, 'x') }) → ["text ", <strong>, " text"] for h()
//   translatePage()                     → fills [data-i18n] (text) and [data-i18n-attr]
//                                         ("placeholder=key; aria-label=key") in the page
import { h } from './dom.js';

export const LANGUAGES = { en: 'English', ja: '日本語' };
const KEY = 'furuba:lang';
const COOKIE = 'furuba_lang';

function chosen() {
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (asked && asked in LANGUAGES) {
    try { localStorage.setItem(KEY, asked); } catch { /* private mode: the address still says */ }
    return asked;
  }
  let saved;
  try { saved = localStorage.getItem(KEY); } catch { saved = null; }
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || '']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base in LANGUAGES) return base;
  }
  return 'en';
}

/** The page's language: 'en' or 'ja'. */
export const lang = chosen();
document.documentElement.lang = lang;
document.cookie = `${COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Lax`;

async function load(language) {
  try {
    const response = await fetch(`/static/i18n/${language}.json`);
    if (response.ok) return await response.json();
  } catch { /* offline and not cached: the keys show, and the offline page explains */ }
  return {};
}

const catalog = await load(lang);
const plurals = new Intl.PluralRules(lang);

/** Whether the catalog has a text for `key`. */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

function raw(key, args) {
  let text = catalog[key];
  if (text && typeof text === 'object') {
    text = text[plurals.select(Number(args.count ?? 0))] ?? text.other;
  }
  if (typeof text !== 'string') {
    console.warn(`furuba: no ${lang} text for ${key}`);
    return key;
  }
  return text;
}

/** The text of `key` in the page's language, its {fields} filled from `args`. */
export function t(key, args = {}) {
  return raw(key, args).replace(/\{(\w+)\}/g, (field, name) => (name in args ? String(args[name]) : field));
}

/** The text of `key` as pieces for h(): fields may be DOM nodes (a link, a bold name). */
export function parts(key, args = {}) {
  return raw(key, args).split(/(\{\w+\})/).filter((piece) => piece !== '').map((piece) => {
    const m = /^\{(\w+)\}$/.exec(piece);
    return m && m[1] in args ? args[m[1]] : piece;
  });
}

/** A list in the page's language: "a, b and c" / "a、b、c".
 * @param {unknown[]} items
 * @param {Intl.ListFormatType} [type] */
export function list(items, type = 'conjunction') {
  return new Intl.ListFormat(lang, { style: 'long', type }).format(items.map(String));
}

/** A number in the page's language. */
export function number(n, options = {}) {
  return new Intl.NumberFormat(lang, options).format(n);
}

/** A date and time in the page's language.
 * @param {Date | number | string} date
 * @param {Intl.DateTimeFormatOptions} [options] */
export function when(date, options = { dateStyle: 'medium', timeStyle: 'short' }) {
  return new Intl.DateTimeFormat(lang, options).format(date instanceof Date ? date : new Date(date));
}

/** Fill the page's marked elements: [data-i18n="key"] gets the text, [data-i18n-attr] its
 *  attributes ("placeholder=key; aria-label=key"). */
export function translatePage(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n]'))) el.textContent = t(el.dataset.i18n);
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n-attr]'))) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split('=').map((x) => x.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
  const title = /** @type {HTMLTitleElement} */ (document.querySelector('title[data-i18n]'));
  if (title) document.title = t(title.dataset.i18n);
}

/** Go to `language`: remembered, and the page loaded again in it. */
export function switchTo(language) {
  try { localStorage.setItem(KEY, language); } catch { /* the address carries it instead */ }
  document.cookie = `${COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
  const url = new URL(window.location.href);
  url.searchParams.delete('lang');
  window.location.assign(url.toString());
}

/** The language switch for a page's top bar: a labelled menu of the languages, each in its own words. */
export function languageSwitch() {
  const select = h('select', { id: 'language-switch', 'aria-label': t('common.language') },
    Object.entries(LANGUAGES).map(([code, name]) => h('option', { value: code, lang: code }, name)));
  select.value = lang;
  select.addEventListener('change', () => switchTo(select.value));
  return h('label', { class: 'language-switch', for: 'language-switch' },
    h('span', { class: 'visually-hidden' }, t('common.language')), select);
}
