// @ts-check
// The offline app's worker: furuba's own Python (the pure core, /offline/core.zip) on Pyodide,
// vendored at /static/vendor/pyodide, off the page's thread so the page never freezes while a bot
// thinks. It runs one table at a time through furuba.offline.bridge: every request is one call
// with JSON in and JSON out. The page (offline-backend.js) posts {id, op, args} and gets
// {id, result} or {id, error} back; before the first call it gets {boot: 'ready'} or
// {boot: 'failed', error}.
import { loadPyodide } from '/static/vendor/pyodide/pyodide.mjs';

const CORE = '/furuba-core';
let bridge = null;

/** Start Python and furuba; how long each part took, in ms (the benchmark reports them). */
async function boot() {
  const at = [performance.now()];
  const pyodide = await loadPyodide({ indexURL: '/static/vendor/pyodide/', fullStdLib: false });
  at.push(performance.now());
  const core = await fetch('/offline/core.zip');
  if (!core.ok) throw new Error(`the game's code could not be loaded (${core.status})`);
  pyodide.unpackArchive(await core.arrayBuffer(), 'zip', { extractDir: CORE });
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(CORE)})`);
  at.push(performance.now());
  bridge = pyodide.pyimport('furuba.offline.bridge');
  at.push(performance.now());
  const ms = (i) => Math.round(at[i + 1] - at[i]);
  return { python: ms(0), core: ms(1), imports: ms(2) };
}

const ready = boot().then(
  (parts) => { postMessage({ boot: 'ready', parts }); },
  (err) => { postMessage({ boot: 'failed', error: String(err && err.message ? err.message : err) }); throw err; },
);

self.addEventListener('message', async (event) => {
  const { id, op, args } = event.data || {};
  try {
    await ready;
    const answer = JSON.parse(bridge.call(String(op), JSON.stringify(args ?? {})));
    if (answer.error) postMessage({ id, error: answer.error, code: answer.code });
    else postMessage({ id, result: answer.result });
  } catch (err) {
    postMessage({ id, error: String(err && err.message ? err.message : err), code: 'failed' });
  }
});
