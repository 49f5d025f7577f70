/**
 * Piscina's worker entry for page-pool.ts: plain JavaScript, so that it starts in every way the server
 * runs. Under tsx (npm start, the production start, the bench) the thread inherits tsx's loader and
 * imports the TypeScript directly; under jest (whose transform does not reach threads) the import fails
 * on the .ts extension and tsx's loader is registered in this thread first.
 */
let work = null;

async function loadWork() {
  try {
    return await import('./page-work.ts');
  } catch (err) {
    if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
    const { register } = await import('tsx/esm/api');
    register();
    // Another address than the failed import's: Node keeps a failed import's outcome for its address.
    return await import('./page-work.ts?tsx');
  }
}

/** `{ task, started }`: `started` (a MessagePort) is told when the work itself begins, after the module is loaded. */
export default async function run({ task, started }) {
  work ??= await loadWork();
  started?.postMessage('started');
  started?.close();
  return work.runPageTask(task);
}
