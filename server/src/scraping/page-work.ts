/**
 * The CPU-heavy reading of one fetched page, as a pure function of serialisable input and output: run in
 * a worker thread (page-pool.ts), never on the API's event loop. A 15 MB page of 400 000 elements took
 * cheerio and extract() tens of seconds; on the main thread every other request waited that long.
 */
import { load } from 'cheerio';
import { extract, type ExtractOptions, type Extraction } from './extract';
import { planApi, type ApiPlan, type ApiRequest } from './json-api';

export type PageTask =
  /** A product page: what it says (extract.ts). */
  | { kind: 'extract'; html: string; opts: ExtractOptions }
  /** A listing page: the absolute addresses of the links matching `selector`, in page order. */
  | { kind: 'links'; html: string; selector: string; base: string }
  /** One answer of a shop's JSON API (json-api.ts): its items, next pages and problem; `notJson` when it is not JSON. */
  | { kind: 'api'; text: string; spec: NonNullable<ApiPlan['spec']>; request: ApiRequest; loadedUrl: string };

export type PageTaskResult =
  | { kind: 'extract'; extraction: Extraction }
  | { kind: 'links'; links: string[] }
  /**
   * `read` without its items, which come as JSON texts of API_CHUNK items each: a thread's answer of 100 000
   * objects took the main thread seconds to receive (structured clone), texts are copied at once and
   * parsed a chunk per turn.
   */
  | { kind: 'api'; read: (Omit<ReturnType<ApiPlan['read']>, 'items'> & { itemChunks: string[] }) | null }
  /** The definition's selector cannot be parsed: the definition is wrong, not the page. */
  | { kind: 'invalid_selector'; message: string };

/** Items per JSON text of an API answer's reading (see PageTaskResult). */
export const API_CHUNK = 500;

export function runPageTask(task: PageTask): PageTaskResult {
  if (task.kind === 'extract') return { kind: 'extract', extraction: extract(task.html, task.opts) };
  if (task.kind === 'api') {
    let answer: unknown;
    try {
      answer = JSON.parse(task.text);
    } catch {
      return { kind: 'api', read: null };
    }
    const { items, ...read } = planApi(task.spec.api, [], task.spec.ctx).read(task.request, answer, task.loadedUrl);
    const itemChunks: string[] = [];
    for (let i = 0; i < items.length; i += API_CHUNK) itemChunks.push(JSON.stringify(items.slice(i, i + API_CHUNK)));
    return { kind: 'api', read: { ...read, itemChunks } };
  }
  const $ = load(task.html);
  let found;
  try {
    found = $(task.selector);
  } catch (err) {
    return { kind: 'invalid_selector', message: (err as Error).message.slice(0, 120) };
  }
  const links: string[] = [];
  found.each((_, el) => {
    const href = $(el).attr('href');
    if (!href) return;
    try {
      links.push(new URL(href, task.base).toString());
    } catch {
      // a broken link is not a product page
    }
  });
  return { kind: 'links', links };
}
