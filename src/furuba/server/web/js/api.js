// HTTP calls to the server and what the browser keeps: seat tokens, names, preferences.

export async function getJSON(url) {
  const r = await fetch(url, { headers: { accept: 'application/json' } });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(detail(body, r.status));
  return body;
}

export async function postJSON(url, data) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(data),
  });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(detail(body, r.status));
  return body;
}

function detail(body, status) {
  if (typeof body.detail === 'string') return body.detail;
  if (Array.isArray(body.detail) && body.detail[0]) return body.detail[0].msg || 'the request was refused';
  return `the server answered ${status}`;
}

const tokenKey = (tableId) => `furuba:tokens:${tableId}`;

/** The seat tokens this browser holds for a table: {"0": "token…"}. */
export function loadTokens(tableId) {
  try {
    const data = JSON.parse(localStorage.getItem(tokenKey(tableId)) || '{}');
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
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
