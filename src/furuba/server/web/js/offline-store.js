// @ts-check
// The games played offline, kept in this browser (IndexedDB, database `furuba-offline`): a reload
// or a closed tab resumes the game. Each record is {id, game, title, status, players, seats,
// updated, saved, online?}, where `saved` is what furuba.offline's table gives to be rebuilt from (the
// settings, the seed and the actions: a few kilobytes) and `online`, once a finished game was put
// on its player's profile, {id, by}: the table it became there and the account's name.
const DB = 'furuba-offline';
const STORE = 'tables';

let opened = null;

function db() {
  if (!opened) {
    opened = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: 'id' }).createIndex('updated', 'updated');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return opened;
}

async function run(mode, work) {
  const store = (await db()).transaction(STORE, mode).objectStore(STORE);
  return new Promise((resolve, reject) => {
    const request = work(store);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Keep a table (a new record, or the same id again). */
export function putTable(record) {
  return run('readwrite', (store) => store.put({ ...record, updated: Date.now() }));
}

/** Add `fields` to the table `id` kept here (its place in the list stays); false when none is. */
export async function markTable(id, fields) {
  const record = await getTable(id);
  if (!record) return false;
  await run('readwrite', (store) => store.put({ ...record, ...fields }));
  return true;
}

/** The table `id` kept here, or undefined. */
export function getTable(id) {
  return run('readonly', (store) => store.get(id));
}

/** Every table kept here, the latest played first. */
export async function listTables() {
  const all = await run('readonly', (store) => store.getAll());
  return all.sort((a, b) => b.updated - a.updated);
}

/** Forget the table `id`. */
export function deleteTable(id) {
  return run('readwrite', (store) => store.delete(id));
}
