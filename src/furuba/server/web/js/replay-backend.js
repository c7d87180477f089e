// @ts-check
// Where the replay page's finished game lives: on a furuba server (/replay/ID: HTTP), or in this
// browser (/offline/replay.html?t=ID: furuba's Python in a worker, the game kept in IndexedDB). The
// replay page (replay.js) and its review (review.js) ask their backend for the replay, its steps,
// the catalog and the review, and never know which they have: both answer the server's shapes
// (docs/WEB-API.md). As table-backend.js is to the table page.
import './page-home.js';   // the offline app's pages show themselves as its own
import { t } from './i18n.js';
import { getJSON, loadTokens, tableIdFromPath } from './api.js';

/** The server's finished table. */
function onlineReplay(tableId) {
  const base = `/api/tables/${encodeURIComponent(tableId)}`;
  return {
    tableId,
    offline: false,
    summary: () => getJSON(`${base}/replay`),
    step: (n) => getJSON(`${base}/replay/${n}`),
    catalog: () => getJSON(`${base}/catalog`).catch(() => ({})),
    review: (seat) => fetchReview(`${base}/review?seat=${seat}`),
    /** The seats this browser held at the table (their tokens). */
    held: () => Object.keys(loadTokens(tableId)).map(Number),
    tableUrl: `/t/${encodeURIComponent(tableId)}`,
  };
}

/** The review route's answer; a refusal to wait out (429, 503) as {status: 'busy', detail (the
 * server's sentence), wait (its Retry-After, in seconds)}; any other refusal throws its sentence. */
async function fetchReview(url) {
  const r = await fetch(url, { headers: { accept: 'application/json' } });
  const body = await r.json().catch(() => ({}));
  const said = typeof body.detail === 'string' ? body.detail : t('api.status', { status: r.status });
  if (r.status === 429 || r.status === 503) {
    const wait = Number.parseInt(r.headers.get('retry-after') || '', 10);
    return { status: 'busy', detail: said, wait: Number.isFinite(wait) && wait > 0 ? wait : 5 };
  }
  if (!r.ok) throw new Error(said);
  return body;
}

/** A finished game kept in this browser: the worker opens it, then answers the replay's requests
 * (furuba.offline.bridge: replay, replay_step, review). A review is made a slice at a time by one
 * loop of calls (replay steps asked meanwhile are answered between two slices); the page's
 * polling reads how far it got. Once made it is kept with the game (`reviews`, by seat), and
 * answered at once from then on. */
async function offlineReplay(tableId) {
  const [{ offlineWorker, offlineTableUrl }, store] = await Promise.all([
    import('./offline-backend.js'), import('./offline-store.js')]);
  const worker = offlineWorker();
  let record = await store.getTable(tableId).catch(() => undefined);
  let opened = null;
  let run = null;      // the review being made: {seat, progress, answer?, error?, dropped?}
  const open = () => {
    opened ||= record ? worker.call('open', { saved: record.saved }) : Promise.reject(new Error(t('offline.missing')));
    return opened;
  };

  async function make(job) {
    try {
      for (;;) {
        const answer = await worker.call('review', { seat: job.seat });
        if (job.dropped) return;
        if (answer.status === 'done') {
          const { kept, ...shown } = answer;
          record = { ...record, reviews: { ...(record.reviews || {}), [job.seat]: kept } };
          await store.putTable(record).catch(() => {});   // private mode: shown, not kept
          job.answer = shown;
          return;
        }
        job.progress = answer.progress;
      }
    } catch (err) {
      job.error = err;
    }
  }

  return {
    tableId,
    offline: true,
    summary: async () => { await open(); return worker.call('replay'); },
    step: async (n) => { await open(); return worker.call('replay_step', { step: n }); },
    catalog: async () => (await open()).catalog || {},
    /** The review of `seat`: kept, or being made (its progress), as the server's route answers. */
    async review(seat) {
      await open();
      const kept = record.reviews && record.reviews[seat];
      if (kept) return worker.call('review', { seat, kept });
      if (run && run.seat !== seat) {      // one review at a time: another seat's is dropped
        run.dropped = true;
        run = null;
      }
      if (!run) {
        run = { seat, progress: 0 };
        make(run);
      }
      const job = run;
      if (job.error || job.answer) run = null;
      if (job.error) throw job.error;
      return job.answer || { status: 'running', progress: job.progress };
    },
    /** Every seat a person held (this browser held them all). */
    held: () => (record ? record.seats || [] : []).filter((s) => s.kind === 'human').map((s) => s.seat),
    tableUrl: offlineTableUrl(tableId),
  };
}

/** The page's backend, from its address. */
export async function replayBackend() {
  if (!location.pathname.startsWith('/offline/')) return onlineReplay(tableIdFromPath());
  return offlineReplay(new URLSearchParams(location.search).get('t') || '');
}
