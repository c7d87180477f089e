// The account page (/account): sign up or sign in (with a password or a passkey); once signed in,
// passkeys, the password, signing out (here or everywhere) and deleting the account.
import './install.js';
import { allTokens, getJSON, postJSON, sendJSON } from './api.js';
import { capital, h, replace } from './dom.js';
import { addPasskey, passkeyTrouble, passkeysWork, signInWithPasskey } from './passkeys.js';
import { motionToggle, toast } from './prefs.js';
import { firstLook, refreshSession, showAccount } from './session.js';

const $ = (id) => document.getElementById(id);
const SEATS_PER_REQUEST = 200;

/** A sentence for a person: capital first letter and a full stop. */
function sentence(text) {
  const t = capital(String(text || '').trim());
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** Where to go once signed in: the `next` page if it is one of this site's, else nowhere. */
function nextPage() {
  const next = new URLSearchParams(location.search).get('next') || '';
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '';
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
  if (kept) toast(kept === 1 ? 'Your seat is now kept under your account.' : `Your ${kept} seats are now kept under your account.`);
}

/** After signing up or in: keep the guest's seats, then go back where the player came from. */
async function signedIn(me, verb) {
  await keepSeats();
  const next = nextPage();
  if (next) {
    location.assign(next);
    return;
  }
  showAccount(me);
  await render(me);
  $('account-main').focus();
  toast(`${verb} as ${me.name}.`);
}

function formValues(form) {
  return Object.fromEntries(new FormData(form).entries());
}

function wireSignedOut() {
  $('signin-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const { name, password } = formValues(ev.target);
    attempt($('signin-submit'), 'signin-error', async () => {
      if (!name.trim() || !password) throw new Error('write your name and your password');
      await signedIn(await postJSON('/api/session', { name, password }), 'Signed in');
    });
  });
  $('signup-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const { name, password } = formValues(ev.target);
    attempt($('signup-submit'), 'signup-error', async () => {
      await signedIn(await postJSON('/api/accounts', { name, password }), 'Welcome! Signed in');
    });
  });
  const passkey = $('passkey-signin');
  if (!passkeysWork()) {
    passkey.hidden = true;
    $('passkey-or').hidden = true;
    return;
  }
  passkey.addEventListener('click', () => attempt(passkey, 'signin-error', async () => {
    await signedIn(await signInWithPasskey(), 'Signed in');
  }));
}

const when = (seconds) => new Date(seconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function passkeyItem(key) {
  const used = key.used_at ? `last used ${when(key.used_at)}` : 'not used yet';
  const remove = h('button', { type: 'button', class: 'btn small subtle', 'aria-label': `Remove the passkey “${key.name}”` }, 'Remove');
  remove.addEventListener('click', () => attempt(remove, 'passkey-error', async () => {
    await sendJSON('DELETE', `/api/me/passkeys/${encodeURIComponent(key.id)}`);
    toast(`The passkey “${key.name}” is removed.`);
    await renderPasskeys();
    $('add-passkey').focus();
  }));
  return h('li', { class: 'passkey-item', dataset: { id: key.id } },
    h('span', { class: 'passkey-name' }, key.name),
    h('span', { class: 'muted small' }, `added ${when(key.created_at)}, ${used}`), remove);
}

async function renderPasskeys() {
  const { passkeys } = await getJSON('/api/me/passkeys');
  const list = $('passkey-list');
  if (!passkeys.length) {
    replace(list, h('li', { class: 'muted' }, 'No passkey yet: you sign in with your password.'));
  } else {
    replace(list, passkeys.map(passkeyItem));
  }
}

function wirePasskeys() {
  const form = $('passkey-form');
  if (!passkeysWork()) {
    replace(form, h('p', { class: 'muted' }, 'This browser cannot make passkeys here (they need a secure connection: https, or localhost).'));
    return;
  }
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    attempt($('add-passkey'), 'passkey-error', async () => {
      const added = await addPasskey($('passkey-name').value.trim());
      $('passkey-name').value = '';
      toast(`The passkey “${added.name}” is added: you can sign in with it.`);
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
    await afterSignOut('You are signed out.');
  }));
  $('sign-out-everywhere').addEventListener('click', () => attempt($('sign-out-everywhere'), 'session-error', async () => {
    const out = await sendJSON('DELETE', '/api/me/sessions');
    await afterSignOut(out.ended === 1 ? 'You are signed out.' : `You are signed out on ${out.ended} devices and browsers.`);
  }));
  $('password-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    attempt($('change-password'), 'password-error', async () => {
      await postJSON('/api/me/password', { current: $('current-password').value, new: $('new-password').value });
      ev.target.reset();
      toast('Your password is changed. Your other devices are signed out.');
    });
  });
  $('delete-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    attempt($('delete-account'), 'delete-error', async () => {
      await sendJSON('DELETE', '/api/me', { password: $('delete-password').value });
      ev.target.reset();
      await afterSignOut('Your account is deleted. Your games stay, under “deleted player”.');
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
    setStatus('You are not signed in.');
    document.title = 'Sign in — furuba';
    return;
  }
  document.title = 'Your account — furuba';
  setStatus('');
  $('me-name').textContent = me.name;
  $('me-profile').setAttribute('href', `/players/${encodeURIComponent(me.name)}`);
  $('me-since').textContent = me.created_at ? `Account made on ${when(me.created_at)}.` : '';
  try {
    await renderPasskeys();
  } catch (err) {
    $('passkey-error').textContent = sentence(err.message);
  }
}

async function start() {
  $('page-tools').append(motionToggle());
  wireSignedOut();
  wireSignedIn();
  await render(await firstLook);
}

start();
