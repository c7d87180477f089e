// @ts-check
// The offline page (offline.html), shown by the service worker when the network is gone. So it
// fetches nothing and imports nothing: its words in every language are in the page and here, and
// the language is chosen as the other pages choose it (i18n.js): ?lang=, the one picked with the
// switch, the browser's languages, English. "Try again" reloads the page the player asked for.
const WORDS = {
  en: { title: 'furuba — offline', site: 'Site', language: 'Language' },
  ja: { title: 'furuba — オフライン', site: 'サイト', language: '言語' },
};
const KEY = 'furuba:lang';
const select = /** @type {HTMLSelectElement} */ (document.getElementById('language-switch'));

function remember(lang) {
  try { localStorage.setItem(KEY, lang); } catch { /* private mode */ }
  document.cookie = `furuba_lang=${lang}; path=/; max-age=31536000; SameSite=Lax`;
}

function chosen() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked in WORDS) {
    remember(asked);
    return asked;
  }
  let saved;
  try { saved = localStorage.getItem(KEY); } catch { saved = null; }
  if (saved in WORDS) return saved;
  for (const tag of navigator.languages || [navigator.language || '']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base in WORDS) return base;
  }
  return 'en';
}

function show(lang) {
  const words = WORDS[lang];
  document.documentElement.lang = lang;
  document.title = words.title;
  document.querySelector('nav.topbar').setAttribute('aria-label', words.site);
  document.getElementById('language-label').textContent = words.language;
  select.setAttribute('aria-label', words.language);
  select.value = lang;
  for (const block of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-language]'))) block.hidden = block.dataset.language !== lang;
}

select.addEventListener('change', () => {
  remember(select.value);
  show(select.value);
});
for (const button of document.querySelectorAll('[data-action="reload"]')) {
  button.addEventListener('click', () => location.reload());
}
show(chosen());
