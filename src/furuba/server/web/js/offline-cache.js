// @ts-check
// Keeping the offline app in this browser: every file it needs (/offline/manifest.json lists them,
// with their sizes and one version for the lot) goes into the cache `furuba-offline-<version>`,
// which the service worker answers from when the network is gone. A download that stopped half
// way goes on from the files it already has; the manifest itself is kept last, so a cache holding
// it is whole. A newer version replaces the older cache once it is complete.
const PREFIX = 'furuba-offline-';
const MANIFEST = '/offline/manifest.json';

/** The manifest the network gives, or null offline. */
async function liveManifest() {
  try {
    const answer = await fetch(MANIFEST, { cache: 'no-store' });
    return answer.ok ? { manifest: await answer.clone().json(), answer } : null;
  } catch {
    return null;
  }
}

/** The newest whole offline cache's version, or null. */
async function keptVersion() {
  for (const name of (await caches.keys()).filter((k) => k.startsWith(PREFIX)).reverse()) {
    if (await (await caches.open(name)).match(MANIFEST)) return name.slice(PREFIX.length);
  }
  return null;
}

/** Read a response's body, counting its bytes as they come (`onBytes(n)`). */
async function counted(response, onBytes) {
  if (!response.body) {
    const data = await response.arrayBuffer();
    onBytes(data.byteLength);
    return data;
  }
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onBytes(value.byteLength);
  }
  return new Blob(chunks);
}

/**
 * Make sure the offline app is kept here. `onProgress({done, total})` hears the bytes as they
 * come. Resolves to {version, fresh} (fresh: this call downloaded something); rejects with an
 * Error when it is neither kept nor reachable.
 */
export async function keepOffline(onProgress = (_progress) => {}) {
  if (!('caches' in window)) throw new Error('no cache storage');
  const live = await liveManifest();
  if (!live) {
    const version = await keptVersion();
    if (!version) throw new Error('offline and not kept');
    return { version, fresh: false };
  }
  const { manifest, answer } = live;
  const name = PREFIX + manifest.version;
  const cache = await caches.open(name);
  if (await cache.match(MANIFEST)) return { version: manifest.version, fresh: false };
  let done = 0;
  const missing = [];
  for (const file of manifest.files) {
    if (await cache.match(file.url)) done += file.bytes;
    else missing.push(file);
  }
  onProgress({ done, total: manifest.bytes });
  for (const file of missing) {
    const response = await fetch(file.url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${file.url}: ${response.status}`);
    const body = await counted(response, (n) => {
      done += n;
      onProgress({ done, total: manifest.bytes });
    });
    await cache.put(file.url, new Response(body, { headers: response.headers }));
  }
  await cache.put(MANIFEST, answer);
  for (const old of await caches.keys()) {
    if (old.startsWith(PREFIX) && old !== name) await caches.delete(old);
  }
  return { version: manifest.version, fresh: true };
}
