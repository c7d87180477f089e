// @ts-check
// The account page (/account): sign up or sign in (with a password or a passkey); once signed in,
// passkeys, the password, signing out (here or everywhere) and deleting the account.
import './install.js';
import { allTokens, getJSON, postJSON, sendJSON } from './api.js';
import { h, replace, sentence } from './dom.js';
import { parts, t, translatePage, when } from './i18n.js';
import { renderModeration } from './account-moderation.js';
import { renderFriendsPanel } from './friends.js';
import { addPasskey, passkeyTrouble, passkeysWork, signInWithPasskey } from './passkeys.js';
import { pageTools, toast } from './prefs.js';
import { firstLook, refreshSession, showAccount } from './session.js';

/** @param {string} id @returns {HTMLInputElement} the page's element with this id (a field, where it is read) */
const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
const SEATS_PER_REQUEST = 200;

translatePage();

/**
 * Where to go once signed in: nowhere without a `next` page; the `next` page when it is one of
 * this site's — resolved as the browser will resolve it (`/%09/evil.example` loses its tab and
 * becomes `//evil.example`, `/\evil.example` too), its origin compared with this page's — else
 * the home page.
 */
function nextPage() {
  const next = new URLSearchParams(location.search).get('next');
  if (next === null) return '';
  try {
    const url = new URL(next, location.origin);
    if (url.origin === location.origin) return url.pathname + url.search + url.hash;
  } catch {
    // not a URL at all: home
  }
  return '/';
}

function setStatus(text) {
  $('account-status').textContent = text;
}

/**
 * Run `work` for a form: its button busy meanwhile, its error cleared first and shown on failure
 * (beside the form, read out by screen readers); true when it went through.
 */
async function attempt(button, errorId, work) {
  const error = $(errorId);
  error.textContent = '';
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    await work();
    return true;
  } catch (err) {
    error.textContent = sentence(err && err.name && err.name !== 'Error' ? passkeyTrouble(err) : err.message);
    return false;
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}

/** Keep every seat this browser holds as a guest under the account just signed in to. */
async function keepSeats() {
  const seats = allTokens();
  let kept = 0;
  for (let i = 0; i < seats.length; i += SEATS_PER_REQUEST) {
    try {
      const out = await postJSON('/api/me/seats', { seats: seats.slice(i, i + SEATS_PER_REQUEST) });
      kept += (out.kept || []).length;
    } catch {
      // the seats stay a guest's (their tokens still work): nothing to tell
    }
  }
  if (kept) toast(t('account.seats_kept', { count: kept }));
}

/** After signing up or in: keep the guest's seats, then go back where the player came from;
 *  `said` (a catalog key) greets the player by name. */
async function signedIn(me, said) {
  await keepSeats();
  const next = nextPage();
  if (next) {
    location.assign(next);
    return;
  }
  showAccount(me);
  await render(me);
  $('account-main').focus();
  toast(t(said, { name: me.name }));
}

/** @param {EventTarget} form a form (a submit event's target) @returns {Record<string, string>} */
function formValues(form) {
  return /** @type {Record<string, string>} */ (Object.fromEntries(new FormData(/** @type {HTMLFormElement} */ (form)).entries()));
}

function wireSignedOut() {
  $('signin-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const { name, password } = formValues(ev.target);
    attempt($('signin-submit'), 'signin-error', async () => {
      if (!name.trim() || !password) throw new Error(t('account.name_and_password'));
      await signedIn(await postJSON('/api/session', { name, password }), 'account.signed_in_toast');
    });
  });
  $('signup-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const { name, password } = formValues(ev.target);
    attempt($('signup-submit'), 'signup-error', async () => {
      await signedIn(await postJSON('/api/accounts', { name, password }), 'account.welcome_toast');
    });
  });
  const passkey = $('passkey-signin');
  if (!passkeysWork()) {
    passkey.hidden = true;
    $('passkey-or').hidden = true;
    return;
  }
  passkey.addEventListener('click', () => attempt(passkey, 'signin-error', async () => {
    await signedIn(await signInWithPasskey(), 'account.signed_in_toast');
  }));
}

const day = (seconds) => when(seconds * 1000, { dateStyle: 'long' });

function passkeyItem(key) {
  const used = key.used_at ? t('account.passkey_used', { date: day(key.used_at) }) : t('account.passkey_unused');
  const remove = h('button', { type: 'button', class: 'btn small subtle', 'aria-label': t('account.passkey_remove_label', { name: key.name }) },
    t('account.passkey_remove'));
  remove.addEventListener('click', () => attempt(remove, 'passkey-error', async () => {
    await sendJSON('DELETE', `/api/me/passkeys/${encodeURIComponent(key.id)}`);
    toast(t('account.passkey_removed', { name: key.name }));
    await renderPasskeys();
    $('add-passkey').focus();
  }));
  return h('li', { class: 'passkey-item', dataset: { id: key.id } },
    h('bdi', { class: 'passkey-name' }, key.name),
    h('span', { class: 'muted small' }, t('account.passkey_dates', { date: day(key.created_at), used })), remove);
}

async function renderPasskeys() {
  const { passkeys } = await getJSON('/api/me/passkeys');
  const list = $('passkey-list');
  if (!passkeys.length) {
    replace(list, h('li', { class: 'muted' }, t('account.no_passkey')));
  } else {
    replace(list, passkeys.map(passkeyItem));
  }
}

function wirePasskeys() {
  const form = $('passkey-form');
  if (!passkeysWork()) {
    replace(form, h('p', { class: 'muted' }, t('account.passkeys_unavailable')));
    return;
  }
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    attempt($('add-passkey'), 'passkey-error', async () => {
      const added = await addPasskey($('passkey-name').value.trim());
      $('passkey-name').value = '';
      toast(t('account.passkey_added', { name: added.name }));
      await renderPasskeys();
    });
  });
}

/** Signed out (this tab, or everywhere): back to the forms. */
async function afterSignOut(message) {
  toast(message);
  const me = await refreshSession();
  await render(me);
  $('account-main').focus();
}

function wireSignedIn() {
  $('sign-out').addEventListener('click', () => attempt($('sign-out'), 'session-error', async () => {
    await sendJSON('DELETE', '/api/session');
    await afterSignOut(t('account.signed_out'));
  }));
  $('sign-out-everywhere').addEventListener('click', () => attempt($('sign-out-everywhere'), 'session-error', async () => {
    const out = await sendJSON('DELETE', '/api/me/sessions');
    await afterSignOut(t('account.signed_out_on', { count: out.ended }));
  }));
  $('password-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    attempt($('change-password'), 'password-error', async () => {
      await postJSON('/api/me/password', { current: $('current-password').value, new: $('new-password').value });
      /** @type {HTMLFormElement} */ (ev.target).reset();
      toast(t('account.password_changed'));
    });
  });
  $('delete-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    attempt($('delete-account'), 'delete-error', async () => {
      await sendJSON('DELETE', '/api/me', { password: $('delete-password').value });
      /** @type {HTMLFormElement} */ (ev.target).reset();
      await afterSignOut(t('account.deleted'));
    });
  });
  wirePasskeys();
}

/** Show the forms that fit `me` (GET /api/me). */
async function render(me) {
  const inside = Boolean(me && me.signed_in);
  $('signed-out').hidden = inside;
  $('signed-in').hidden = !inside;
  if (!inside) {
    setStatus(t('account.not_signed_in'));
    document.title = t('account.sign_in_title');
    return;
  }
  document.title = t('account.page_title');
  setStatus('');
  replace($('signed-in-as'), parts('account.signed_in_as', { name: h('bdi', { id: 'me-name' }, me.name) }));
  $('me-profile').setAttribute('href', `/players/${encodeURIComponent(me.name)}`);
  $('me-since').textContent = me.created_at ? t('account.since', { date: day(me.created_at) }) : '';
  try {
    await renderPasskeys();
  } catch (err) {
    $('passkey-error').textContent = sentence(err.message);
  }
  renderModeration().catch(() => {});   // blocks, warnings: shown when they load
  renderFriendsPanel($('signed-in'), $('password-form')).catch(() => {});
}

async function start() {
  pageTools();
  wireSignedOut();
  wireSignedIn();
  await render(await firstLook);
}

start();
