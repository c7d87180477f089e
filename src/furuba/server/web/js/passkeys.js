// @ts-check
// Passkeys in the browser: the server's WebAuthn options (JSON, byte strings in base64url) turned
// into what navigator.credentials wants, and the browser's answer turned back into JSON.
import { postJSON } from './api.js';
import { t } from './i18n.js';

/** Whether this browser can make and use passkeys here (a secure context with WebAuthn). */
export function passkeysWork() {
  return Boolean(window.PublicKeyCredential && navigator.credentials && window.isSecureContext);
}

function bytes(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function text(buffer) {
  let raw = '';
  for (const b of new Uint8Array(buffer)) raw += String.fromCharCode(b);
  return btoa(raw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const descriptors = (list) => (list || []).map((c) => ({ ...c, id: bytes(c.id) }));

function creationOptions(o) {
  return { ...o, challenge: bytes(o.challenge), user: { ...o.user, id: bytes(o.user.id) },
    excludeCredentials: descriptors(o.excludeCredentials) };
}

function requestOptions(o) {
  return { ...o, challenge: bytes(o.challenge), allowCredentials: descriptors(o.allowCredentials) };
}

/** The browser's answer (a PublicKeyCredential) as the JSON the server reads. */
function answer(cred) {
  const r = cred.response;
  const response = { clientDataJSON: text(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = text(r.attestationObject);
    response.transports = typeof r.getTransports === 'function' ? r.getTransports() : [];
  } else {
    response.authenticatorData = text(r.authenticatorData);
    response.signature = text(r.signature);
    if (r.userHandle) response.userHandle = text(r.userHandle);
  }
  return {
    id: cred.id, rawId: text(cred.rawId), type: cred.type, response,
    authenticatorAttachment: cred.authenticatorAttachment || undefined,
    clientExtensionResults: typeof cred.getClientExtensionResults === 'function' ? cred.getClientExtensionResults() : {},
  };
}

/** What went wrong, in words, when the browser itself refused (cancelled, timed out…). */
export function passkeyTrouble(err) {
  switch (err && err.name) {
    case 'NotAllowedError': return t('passkey.cancelled');
    case 'InvalidStateError': return t('passkey.exists');
    case 'SecurityError': return t('passkey.insecure');
    case 'NotSupportedError': return t('passkey.unsupported');
    default: return err && err.message ? err.message : t('passkey.failed');
  }
}

/** Make a passkey for the signed-in account and add it under `name`. */
export async function addPasskey(name) {
  const started = await postJSON('/api/passkeys/register/options', {});
  const cred = await navigator.credentials.create({ publicKey: creationOptions(started.options) });
  return postJSON('/api/passkeys/register', { ceremony: started.ceremony, credential: answer(cred), name: name || null });
}

/** Sign in with any passkey of this site this device holds; the account (as GET /api/me). */
export async function signInWithPasskey() {
  const started = await postJSON('/api/passkeys/signin/options', {});
  const cred = await navigator.credentials.get({ publicKey: requestOptions(started.options) });
  return postJSON('/api/passkeys/signin', { ceremony: started.ceremony, credential: answer(cred) });
}
