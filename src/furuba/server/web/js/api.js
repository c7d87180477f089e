// @ts-check
// HTTP calls to the server and what the browser keeps: seat tokens, names, preferences. A refusal
// becomes an Error whose message is the server's `detail` as it comes (in the page's language:
// the server speaks the request's); only what this module says itself is from the catalog.
import { t } from './i18n.js';

export async function getJSON(url) {
  const r = await fetch(url, { headers: { accept: 'application/json' } });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(detail(body, r.status));
  return body;
}

export async function postJSON(url, data) {
  return sendJSON('POST', url, data);
}

/** A request that changes something (POST, DELETE…): JSON in and out, with the CSRF token. */
export async function sendJSON(method, url, data) {
  const r = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...csrfHeader() },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(detail(body, r.status));
  return body;
}

/**
 * The header a signed-in browser's requests need: X-CSRF-Token with the value of the cookie
 * furuba_csrf (only this site's pages can read it), or nothing when there is no such cookie.
 */
export function csrfHeader() {
  const entry = document.cookie.split(';').map((c) => c.trim()).find((c) => c.startsWith('furuba_csrf='));
  return entry ? { 'x-csrf-token': decodeURIComponent(entry.slice('furuba_csrf='.length)) } : {};
}

function detail(body, status) {
  if (typeof body.detail === 'string') return body.detail;
  if (Array.isArray(body.detail) && body.detail[0]) return body.detail[0].msg || t('api.refused');
  return t('api.status', { status });
}

const TOKENS = 'furuba:tokens:';
const tokenKey = (tableId) => `${TOKENS}${tableId}`;

/** The seat tokens this browser holds for a table: {"0": "token…"}. */
export function loadTokens(tableId) {
  try {
    const data = JSON.parse(localStorage.getItem(tokenKey(tableId)) || '{}');
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

/** Every seat token this browser keeps, at every table: [{table, token}]. */
export function allTokens() {
  const out = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(TOKENS)) continue;
    const table = key.slice(TOKENS.length);
    for (const token of new Set(Object.values(loadTokens(table)))) {
      if (typeof token === 'string' && token) out.push({ table, token });
    }
  }
  return out;
}

export function saveToken(tableId, seat, token) {
  const tokens = loadTokens(tableId);
  tokens[String(seat)] = token;
  localStorage.setItem(tokenKey(tableId), JSON.stringify(tokens));
}

/** A rematch table accepts the tokens of the table it came from. */
export function copyTokens(fromId, toId) {
  const tokens = loadTokens(fromId);
  if (Object.keys(tokens).length) {
    localStorage.setItem(tokenKey(toId), JSON.stringify({ ...loadTokens(toId), ...tokens }));
  }
}

export function lastName() {
  return localStorage.getItem('furuba:name') || '';
}

export function rememberName(name) {
  localStorage.setItem('furuba:name', name);
}

/** Join a free human seat and keep its token. */
export async function joinSeat(tableId, seat, name) {
  const out = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/join`, { seat, name });
  saveToken(tableId, out.seat, out.token);
  return out;
}

export function tableIdFromPath() {
  const parts = location.pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || '');
}
