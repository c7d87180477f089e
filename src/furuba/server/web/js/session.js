// @ts-check
// Who is signed in, in every page's top bar (#account-tools): "Sign in", or the account's name;
// both lead to the account page. Imported by every page.
import { getJSON } from './api.js';
import { h, replace } from './dom.js';
import { parts, t } from './i18n.js';
import { offlinePage } from './page-home.js';

/** Where the account page sends a player back to once signed in: this page. */
function signInLink() {
  if (location.pathname === '/account') return '/account';
  const here = location.pathname + location.search + location.hash;
  return `/account?next=${encodeURIComponent(here)}`;
}

/** Draw the top bar's account corner for `me` (GET /api/me; null when unknown). */
export function showAccount(me) {
  const slot = document.getElementById('account-tools');
  if (!slot) return;
  if (me && me.signed_in) {
    // Seen: the name; heard: "Signed in as <name>" in the page's word order.
    const said = parts('session.signed_in_as', { name: h('bdi', {}, me.name) })
      .map((piece) => (typeof piece === 'string' ? h('span', { class: 'visually-hidden' }, piece) : piece));
    replace(slot, h('a', { class: 'account-link', href: '/account', id: 'account-name', title: t('session.your_account') },
      said));
  } else {
    replace(slot, h('a', { class: 'account-link', href: signInLink(), id: 'sign-in-link' }, t('session.sign_in')));
  }
}

/** Ask the server who is signed in, and show it; the answer (a guest's when the server cannot say). */
export async function refreshSession() {
  let me = { signed_in: false };
  try {
    me = await getJSON('/api/me');
  } catch {
    // offline or refused: show the way to sign in
  }
  showAccount(me);
  return me;
}

/** The first answer, for the page that imports this module (a guest's on the offline app's
 * pages, which never ask a server who is signed in: there may be none). */
export const firstLook = offlinePage ? Promise.resolve({ signed_in: false }) : refreshSession();
