/**
 * `pnpm --filter @pricewatch/server run extract -- <url> [--definition file.json] [--country cz] [--allow-private]`
 * prints, as JSON, what the engine extracts from one page: name, EAN, price, old price, promo flag,
 * currency, stock and the strategy that matched — auto-detection (JSON-LD, then microdata) unless a
 * definition is given. A way to check a shop before adding it (README "Checking a shop before adding it").
 * --country reads the page as that country's parser does (its currency; separators the text leaves open).
 * Loopback and private addresses are refused unless --allow-private (e.g. for the demo shops).
 * A definition with `"fetch": "browser"` renders the page in Chromium first, as its parser would.
 * A definition with `"strategy": "json"` takes <url> as its API's address (`api.request.url`; {page} is
 * the first page) and prints `{ url, items, problem }`: every item of that one answer read as a run would.
 */
import { readFileSync } from 'node:fs';
import { COUNTRIES, parserDefinitionSchema, type ExtractedOffer } from '@pricewatch/shared/contract';
import { currencyOf } from '../lib/money';
import { crawl, offerOf } from './crawl';
import { planApi } from './json-api';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: extract <url> [--definition file.json] [--country ua|ge|cz|pl] [--allow-private]');
  process.exit(2);
}

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const url = args.find((a, i) => !a.startsWith('--') && !['--definition', '--country'].includes(args[i - 1] ?? ''));
  if (!url) usage();
  const countryIndex = args.indexOf('--country');
  const country = countryIndex >= 0 ? args[countryIndex + 1] : undefined;
  if (countryIndex >= 0 && !(COUNTRIES as readonly string[]).includes(country ?? '')) usage(`--country is one of ${COUNTRIES.join(', ')}`);
  const defIndex = args.indexOf('--definition');
  let raw: unknown = { productUrls: [url] };
  if (defIndex >= 0) {
    const file = args[defIndex + 1] ?? usage('--definition needs a file');
    try {
      const given = JSON.parse(readFileSync(file, 'utf8'));
      // A JSON API definition: <url> is the API's address; one answer (its first page) is enough to check the paths.
      raw =
        given?.strategy === 'json'
          ? {
              ...given,
              productUrls: [],
              listing: undefined,
              api: { ...given.api, request: { ...given.api?.request, url }, paging: given.api?.paging ? { ...given.api.paging, maxPages: 1 } : undefined },
            }
          : { ...given, productUrls: [url], listing: undefined };
    } catch (err) {
      usage(`cannot read ${file}: ${(err as Error).message}`);
    }
  }
  const parsed = parserDefinitionSchema.safeParse(raw);
  if (!parsed.success) {
    console.log(
      JSON.stringify(
        { url, problem: { kind: 'invalid_definition', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') } },
        null,
        2,
      ),
    );
    process.exit(1);
  }
  const def = parsed.data;
  if (def.strategy === 'json' && def.api) {
    const plan = planApi(def.api, [], country ? { country, currency: currencyOf(country) } : {});
    const items: ExtractedOffer[] = [];
    let problem: ExtractedOffer['problem'] = plan.requests.length
      ? null
      : { kind: 'invalid_definition', message: 'give the API address of one product, without {ean} or {id}' };
    await crawl(
      [],
      {
        extract: def,
        concurrency: 1,
        rateLimitPerSecond: null,
        timeoutSeconds: def.timeoutSeconds,
        maxPageBytes: def.maxPageBytes,
        respectRobotsTxt: def.respectRobotsTxt,
        allowPrivate: args.includes('--allow-private'),
        maxRetries: 1,
        api: { ...plan, onePage: true },
      },
      (o) => {
        // The request's own problem (refused, not JSON, a status) names the API's address.
        if (!o.extraction && o.problem) problem = o.problem;
        else items.push(offerOf(o));
      },
    );
    console.log(JSON.stringify({ url, items, problem }, null, 2));
    process.exit(!problem && items.some((i) => i.price !== null) ? 0 : 1);
  }
  let result: ExtractedOffer | null = null;
  await crawl(
    [url],
    {
      extract: country ? { ...def, country, currency: currencyOf(country) } : def,
      concurrency: 1,
      rateLimitPerSecond: null,
      timeoutSeconds: def.timeoutSeconds,
      maxPageBytes: def.maxPageBytes,
      respectRobotsTxt: def.respectRobotsTxt,
      fetch: def.fetch,
      waitFor: def.waitFor,
      allowPrivate: args.includes('--allow-private'),
      maxRetries: 1,
    },
    (o) => {
      result = offerOf(o);
    },
  );
  console.log(JSON.stringify(result ?? { url, problem: { kind: 'network', message: 'no answer' } }, null, 2));
  process.exit(result && !(result as ExtractedOffer).problem ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
