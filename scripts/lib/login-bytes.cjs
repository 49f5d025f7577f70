// The JavaScript a browser downloads before the login form works (docs/bytes.md): shared by the
// browser test (e2e/tests/bytes.spec.ts) and `npm run bench` (scripts/bench-bytes.mjs), so both
// report the same figure. CommonJS, so that a Playwright TS test and an ES module can both load it.
const zlib = require('node:zlib');

/** The target: 300 kB (decimal) of gzip-compressed JavaScript before the login form works. */
const TARGET_GZIP_BYTES = 300_000;

/** The performance mark the login form sets when it first renders (host login-form.tsx). */
const READY_MARK = 'pricewatch:login-form-ready';

const isScriptUrl = (url) => /\.m?js$/.test(new URL(url).pathname);

/**
 * Opens `${baseUrl}/login` in `page` (use a fresh context: nothing cached) and waits until the form
 * works — username field editable, sign-in button enabled. A script counts when the page requested it
 * before the form's ready mark (Resource Timing); what starts later — the signed-in app fetched at
 * idle — is listed apart and does not count.
 * gzipBytes: each body gzipped at level 9 (as the server's precompressed .gz files are);
 * transferBytes: the body bytes as they came over the wire (gzip when the server sends it).
 */
async function measureLoginBytes(page, baseUrl) {
  const bodies = new Map();
  const onResponse = (response) => {
    if (response.request().method() === 'GET' && isScriptUrl(response.url())) bodies.set(response.url(), response);
  };
  page.on('response', onResponse);
  await page.goto(new URL('/login', baseUrl).href);
  await page.waitForFunction(() => {
    const input = document.querySelector('input[name="username"]');
    const button = document.querySelector('form button[type="submit"]');
    return !!input && !input.disabled && !input.readOnly && !!button && !button.disabled;
  });
  await page.waitForLoadState('networkidle').catch(() => {});
  page.off('response', onResponse);

  const timing = await page.evaluate((markName) => {
    const mark = performance.getEntriesByName(markName)[0];
    return {
      readyAt: mark ? mark.startTime : null,
      resources: performance.getEntriesByType('resource').map((e) => ({
        url: e.name,
        startTime: e.startTime,
        encodedBodySize: e.encodedBodySize,
      })),
    };
  }, READY_MARK);
  if (timing.readyAt === null) throw new Error(`the login form set no "${READY_MARK}" mark`);

  const describe = async (entry) => {
    const response = bodies.get(entry.url);
    const body = response ? await response.body() : Buffer.alloc(0);
    return {
      path: new URL(entry.url).pathname,
      rawBytes: body.length,
      gzipBytes: body.length ? zlib.gzipSync(body, { level: 9 }).length : 0,
      transferBytes: entry.encodedBodySize,
      encoding: (response && response.headers()['content-encoding']) || 'identity',
      startMs: Math.round(entry.startTime),
    };
  };
  const scripts = timing.resources.filter((e) => isScriptUrl(e.url));
  const files = await Promise.all(scripts.filter((e) => e.startTime <= timing.readyAt).map(describe));
  const later = await Promise.all(scripts.filter((e) => e.startTime > timing.readyAt).map(describe));
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  return {
    targetGzipBytes: TARGET_GZIP_BYTES,
    gzipBytes: sum(files, 'gzipBytes'),
    transferBytes: sum(files, 'transferBytes'),
    rawBytes: sum(files, 'rawBytes'),
    scripts: files.length,
    formReadyMs: Math.round(timing.readyAt),
    files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    afterForm: { scripts: later.length, gzipBytes: sum(later, 'gzipBytes'), files: later },
  };
}

module.exports = { measureLoginBytes, TARGET_GZIP_BYTES, READY_MARK };
