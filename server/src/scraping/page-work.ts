/**
 * The CPU-heavy reading of one fetched page, as a pure function of serialisable input and output: run in
 * a worker thread (page-pool.ts), never on the API's event loop. A 15 MB page of 400 000 elements took
 * cheerio and extract() tens of seconds; on the main thread every other request waited that long.
 */
import { load } from 'cheerio';
import { extract, type ExtractOptions, type Extraction } from './extract';

export type PageTask =
  /** A product page: what it says (extract.ts). */
  | { kind: 'extract'; html: string; opts: ExtractOptions }
  /** A listing page: the absolute addresses of the links matching `selector`, in page order. */
  | { kind: 'links'; html: string; selector: string; base: string };

export type PageTaskResult =
  | { kind: 'extract'; extraction: Extraction }
  | { kind: 'links'; links: string[] }
  /** The definition's selector cannot be parsed: the definition is wrong, not the page. */
  | { kind: 'invalid_selector'; message: string };

export function runPageTask(task: PageTask): PageTaskResult {
  if (task.kind === 'extract') return { kind: 'extract', extraction: extract(task.html, task.opts) };
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
