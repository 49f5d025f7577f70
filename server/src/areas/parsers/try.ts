/**
 * "Try on a URL" (POST /parsers/try, docs/parsers.md "Try on a URL"): an unsaved definition run on one
 * page with every limit of a real run (crawl.ts: allowlist, redirects, robots.txt, timeouts, size), then
 * a picture of what was read (browser-crawl.ts withPagePicture) with where each value was found and every
 * element a click may pick, each with a selector unique on the page (@medv/finder, evaluated in the page).
 * Nothing is written anywhere.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PageBox, ParserDefinition, ParserTryField, ParserTryResult } from '@pricewatch/shared/contract';
import { validationFailed } from '../../lib/errors';
import { currencyOf } from '../../lib/money';
import type { AddressPolicy } from '../../scraping/address';
import { PICTURE_MAX_HEIGHT, PICTURE_MIN_HEIGHT, PICTURE_WIDTH, withPagePicture } from '../../scraping/browser-crawl';
import { crawl, offerOf, type PageOutcome } from '../../scraping/crawl';
import { planApi } from '../../scraping/json-api';
import { parsePrice } from '../../scraping/price';

/** Elements a click may pick, at most. */
const TRY_ELEMENTS = 1500;
/** The longest a try waits for the browser's turn (a parser run may hold it). */
const TRY_QUEUE_MS = 20_000;
/**
 * The largest page a try reads (a run may read up to 20 MB): a try answers a person waiting in the editor,
 * and its page is also shown in the browser for the picture.
 */
const TRY_MAX_PAGE_BYTES = 5 * 1024 * 1024;

type PageElement = ParserTryResult['elements'][number];
type Found = ParserTryResult['found'][number];
type Picture = { dataUrl: string; width: number; height: number };

let finderSource: string | null = null;
/**
 * @medv/finder's own file, as a script that evaluates to its `finder` function (it ships as an ES module
 * with no dependencies). Found from this file under jest (CommonJS) and from the working directory under tsx.
 */
function finderScript(): string {
  if (finderSource === null) {
    const bases = [
      typeof __filename === 'string' ? __filename : null,
      path.join(process.cwd(), 'package.json'),
      path.join(process.cwd(), 'server', 'package.json'),
    ];
    let file: string | null = null;
    for (const base of bases) {
      if (!base || file) continue;
      try {
        file = createRequire(base).resolve('@medv/finder');
      } catch {
        // try the next base
      }
    }
    if (!file) throw new Error('@medv/finder not found');
    finderSource = `(() => {\n${readFileSync(file, 'utf8').replace(/^export /gm, '')}\nreturn finder;\n})()`;
  }
  return finderSource;
}

type InPage = { elements: PageElement[]; bySelector: Record<string, { selector: string; box: PageBox } | null> };

/**
 * Runs in the page (its own scripts are off, this is evaluated by the browser's protocol) as
 * `(IN_PAGE)(finder, { max, maxHeight, selectors })`: visible elements carrying their own text with a
 * selector each, and the box of each selector's first match. Plain JavaScript: the server has no DOM types.
 */
const IN_PAGE = `(finder, args) => {
  const started = Date.now();
  const clip = (r) => {
    const x = Math.max(0, r.left), y = Math.max(0, r.top);
    return { x, y, width: Math.min(r.right, innerWidth) - x, height: Math.min(r.bottom, args.maxHeight) - y };
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.top >= args.maxHeight || r.right <= 0 || r.left >= innerWidth) return null;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none' || Number(cs.opacity) === 0) return null;
    return clip(r);
  };
  // Bounded in time: past the budget finder's own fallback (an nth-child path) is taken at once.
  const selectorOf = (el) => finder(el, { timeoutMs: Date.now() - started > 8000 ? 1 : 50, maxNumberOfPathChecks: 300 });
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE', 'HEAD']);
  const elements = [];
  for (const el of Array.from(document.body ? document.body.querySelectorAll('*') : [])) {
    if (elements.length >= args.max) break;
    if (skip.has(el.tagName.toUpperCase())) continue;
    const own = Array.from(el.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent || '').join(' ').replace(/\\s+/g, ' ').trim();
    if (!own) continue;
    const box = shown(el);
    if (box) elements.push({ selector: selectorOf(el), text: own.slice(0, 300), box });
  }
  const bySelector = {};
  for (const [field, sel] of Object.entries(args.selectors)) {
    let el = null;
    try { el = document.querySelector(sel); } catch { el = null; }
    const box = el && shown(el);
    bySelector[field] = box ? { selector: sel, box } : null;
  }
  return { elements, bySelector };
}`;

type TryContext = { country: string; policy: AddressPolicy };

/** The definition run on `url` (see the file's comment); a page that cannot be read is the offer's problem. */
export async function tryDefinition(def: ParserDefinition, url: string, ctx: TryContext): Promise<ParserTryResult> {
  if (def.maxPageBytes > TRY_MAX_PAGE_BYTES)
    throw validationFailed([
      { path: 'definition.maxPageBytes', message: `a try reads pages of at most ${TRY_MAX_PAGE_BYTES} bytes (5 MB); runs may read up to 20 MB` },
    ]);
  const context = { country: ctx.country, currency: currencyOf(ctx.country) };
  const common = {
    ...ctx.policy,
    concurrency: 1,
    rateLimitPerSecond: null,
    timeoutSeconds: def.timeoutSeconds,
    maxPageBytes: def.maxPageBytes,
    respectRobotsTxt: def.respectRobotsTxt,
    maxRetries: 0,
  };
  if (def.strategy === 'json' && def.api) return tryApi(def, url, ctx, common);

  let outcome: PageOutcome | null = null;
  try {
    await crawl(
      [url],
      { ...common, extract: { ...def, ...context }, fetch: def.fetch, waitFor: def.waitFor, keepPage: true, maxQueueMs: TRY_QUEUE_MS },
      (o) => {
        outcome ??= o;
      },
    );
  } catch (err) {
    outcome = problemOutcome(url, err);
  }
  const read: PageOutcome = outcome ?? problemOutcome(url, new Error('[network] no answer'));
  const offer = offerOf(read);
  const empty = { url: read.page?.url ?? url, fetch: def.fetch, offer, screenshot: null, found: [], elements: [] };
  if (!read.page) return empty;

  const selectors: Record<string, string> = {};
  if (def.selectors) for (const [k, v] of Object.entries(def.selectors)) if (v) selectors[k] = v;
  let shot: InPage & { picture: Picture };
  try {
    shot = await withPagePicture(
      read.page.html,
      read.page.url,
      ctx.policy,
      { timeoutSeconds: def.timeoutSeconds, maxPageBytes: def.maxPageBytes, maxQueueMs: TRY_QUEUE_MS },
      async (page) => {
        // Measured in a viewport shorter than any picture: the document is never shorter than its viewport.
        await page.setViewportSize({ width: PICTURE_WIDTH, height: PICTURE_MIN_HEIGHT });
        const height = Math.max(
          PICTURE_MIN_HEIGHT,
          Math.min(PICTURE_MAX_HEIGHT, Math.ceil(await page.evaluate('Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0)'))),
        );
        // The whole (capped) page in the viewport: boxes are then page coordinates, and the picture's pixels.
        await page.setViewportSize({ width: PICTURE_WIDTH, height });
        const found = (await page.evaluate(
          `(${IN_PAGE})(${finderScript()}, ${JSON.stringify({ max: TRY_ELEMENTS, maxHeight: height, selectors })})`,
        )) as InPage;
        const png = await page.screenshot({ type: 'png', timeout: def.timeoutSeconds * 1000 });
        return { picture: { dataUrl: `data:image/png;base64,${png.toString('base64')}`, width: PICTURE_WIDTH, height }, ...found };
      },
    );
  } catch {
    // The values were read; only the picture is missing (the browser busy or failing): say what was read.
    return { ...empty, url: read.page.url };
  }
  return { ...empty, url: read.page.url, screenshot: shot.picture, elements: shot.elements, found: foundOf(def, offer, shot, ctx.country) };
}

/**
 * Where each value read is on the picture: the definition's selector where it has one for the field
 * (and the selectors strategy read it), else the smallest visible element whose own text carries the value.
 */
function foundOf(def: ParserDefinition, offer: ParserTryResult['offer'], shot: InPage, country: string): Found[] {
  const out: Found[] = [];
  const bySelectors = offer.strategy === 'selectors';
  const area = (e: PageElement) => e.box.width * e.box.height;
  const smallest = (test: (text: string) => boolean) => shot.elements.filter((e) => test(e.text)).sort((a, b) => area(a) - area(b))[0] ?? null;
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const samePrice = (value: number) => (text: string) => {
    const p = parsePrice(text, def.priceFormat, { country, currency: currencyOf(country) });
    return p.ok && Math.abs(p.amount - value) < 0.005;
  };
  const values: [ParserTryField, boolean, ((text: string) => boolean) | null][] = [
    ['name', offer.name !== null, offer.name === null ? null : (t) => squash(t) === squash(offer.name!)],
    ['ean', offer.ean !== null, offer.ean === null ? null : (t) => t.replace(/\D/g, '').includes(offer.ean!.replace(/^0+/, ''))],
    ['price', offer.price !== null, offer.price === null ? null : samePrice(offer.price)],
    ['oldPrice', offer.oldPrice !== null, offer.oldPrice === null ? null : samePrice(offer.oldPrice)],
    // Out of stock has no text of its own to look for: only a selector can show it.
    ['outOfStock', offer.inStock === false, null],
  ];
  for (const [field, read, test] of values) {
    if (!read) continue;
    const bySel = bySelectors ? shot.bySelector[field] : undefined;
    if (bySel) {
      out.push({ field, selector: bySel.selector, box: bySel.box });
      continue;
    }
    const el = test ? smallest(test) : null;
    // Only in a script node (JSON-LD) or a meta tag: nothing to outline.
    if (el) out.push({ field, selector: el.selector, box: el.box });
  }
  return out;
}

/** The JSON API strategy: `url` is the API request tried (one answer, no next pages); the first product's offer. */
async function tryApi(def: ParserDefinition, url: string, ctx: TryContext, common: Omit<Parameters<typeof crawl>[1], 'extract'>): Promise<ParserTryResult> {
  const plan = planApi({ ...def.api!, request: { ...def.api!.request, url } }, [], { country: ctx.country, currency: currencyOf(ctx.country) });
  const result = (offer: ParserTryResult['offer']): ParserTryResult => ({ url, fetch: 'http', offer, screenshot: null, found: [], elements: [] });
  const none = (kind: string, message: string) =>
    result({
      url,
      name: null,
      ean: null,
      price: null,
      oldPrice: null,
      promo: false,
      currency: null,
      inStock: null,
      strategy: 'json',
      problem: { kind, message },
    });
  if (!plan.requests.length) return none('invalid_definition', 'give the API address of one product or page, without {ean} or {id}');
  let first: PageOutcome | null = null;
  let problem: PageOutcome['problem'] = null;
  try {
    await crawl([], { ...common, extract: def, api: { ...plan, onePage: true } }, (o) => {
      // The request's own problem (refused, not JSON, a status) is the try's.
      if (!o.extraction && o.problem) problem ??= o.problem;
      else first ??= o;
    });
  } catch (err) {
    problem = problemOutcome(url, err).problem;
  }
  if (first) return result(offerOf(first));
  const p = problem as PageOutcome['problem'];
  return p ? none(p.kind, p.message) : none('not_found', 'the answer has no product');
}

function problemOutcome(url: string, err: unknown): PageOutcome {
  const msg = (err as Error)?.message ?? String(err);
  const tagged = /^\[(\w+)\] (.*)$/s.exec(msg);
  return {
    url,
    status: null,
    extraction: null,
    notFound: false,
    problem: { kind: (tagged?.[1] ?? 'network') as NonNullable<PageOutcome['problem']>['kind'], message: (tagged?.[2] ?? msg).slice(0, 300) },
  };
}
