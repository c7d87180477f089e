// @ts-check
// Which home a page has: the furuba server, or the offline app (/offline/…: its game kept in this
// browser, with or without a server behind it — `furuba build-static`'s folder has none). The
// table and replay pages are one file for both; under /offline/ they show themselves as the
// offline app's: what needs a server is hidden (marked `data-online`: the leaderboard, the card
// sets, the puzzles, the account corner, chat), what is the offline app's shown (`data-offline`),
// and the brand leads to the offline page. Turn notices and the account corner never ask a
// server from there (session.js, notices.js).

/** Whether this page is the offline app's. */
export const offlinePage = location.pathname.startsWith('/offline/');

/** Show the page as its home has it (once, when a page module starts). */
export function showHome() {
  if (!offlinePage) return;
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-online]'))) el.hidden = true;
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-offline]'))) el.hidden = false;
  const brand = document.querySelector('.topbar .brand');
  if (brand) brand.setAttribute('href', '/offline/');
}

showHome();
