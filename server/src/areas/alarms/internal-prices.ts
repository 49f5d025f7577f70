/**
 * POST /custom/import-internal-prices (spec §3 "Internal price import: prices, network, shop"): a
 * network's own (retail) prices, or the provider's manual ones, written through the catalogue's
 * recordObservations and then evaluated against the alarms before answering, so the
 * caller learns how many alarms fired. A client network writes only its own network's shops; the
 * provider's staff any shop; guests nothing.
 *
 * The spec calls it with a form ("Internal price import: prices, network, shop", §7 "(form)"): fields
 * `prices` (the JSON text of the price list), `network`, `shop` (and `date`), as multipart/form-data or
 * application/x-www-form-urlencoded; a JSON body of the same fields works too. formToBody turns a form
 * into the JSON body's shape before the one schema validates it.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CATALOGUE_LIMITS, NUL_MESSAGE, type internalPricesBodySchema } from '@pricewatch/shared/contract';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { addDays, todayIso } from '../../lib/days';
import { forbidden, validationFailed } from '../../lib/errors';
import { toMinor } from '../../lib/money';
import { readMultipart } from '../../lib/multipart';
import { parseQuery } from '../../lib/query';
import { nulPaths } from '../../plugins/no-nul';
import type { AuthUser } from '../../core/session-user';
import { recordObservations, type Observation } from '../prices/plugin';
import { shopDirectory } from '../../core/shop-directory';
import { evaluatePairs } from './evaluate';
import { alarmsRuntime } from './hook';

/** What a form may carry: prices, network, shop, date (and a little room for a client's extras). */
const FORM_MAX_FIELDS = 10;

/** application/x-www-form-urlencoded bodies, for this route only (no other API reads them). */
export const parseUrlencoded = (_request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) =>
  done(null, parseQuery(String(body)));

/** preValidation: a multipart or urlencoded form → `{ prices: [...], network, shop, date }`; a JSON body stays. */
export async function formToBody(request: FastifyRequest): Promise<void> {
  let fields: Record<string, unknown>;
  if (request.isMultipart()) {
    fields = (
      await readMultipart(request, {
        fileFields: [],
        maxFileBytes: 0,
        maxFields: FORM_MAX_FIELDS,
        notMultipart: () => validationFailed([{ path: 'body', message: 'expected a form' }]),
      })
    ).fields;
  } else if (String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    fields = (request.body ?? {}) as Record<string, unknown>;
  } else {
    return;
  }
  const body: Record<string, unknown> = { ...fields };
  if (typeof body.prices === 'string') {
    try {
      body.prices = JSON.parse(body.prices);
    } catch {
      throw validationFailed([{ path: 'prices', message: 'invalid_json' }]);
    }
    // The NUL rule (src/plugins/no-nul.ts) for the strings inside the JSON text.
    const nul = nulPaths(body.prices, ['prices']);
    if (nul.length) throw validationFailed(nul.map((path) => ({ path, message: NUL_MESSAGE })));
  }
  request.body = body;
}

export async function importInternalPrices(db: Db, user: AuthUser, body: z.output<typeof internalPricesBodySchema>) {
  if (user.profile.isGuest) throw forbidden();
  const dir = await shopDirectory(db).get();
  if (body.network && !dir.networkByCode.has(body.network)) throw validationFailed([{ path: 'network', message: 'unknown network' }]);
  const problems: { path: string; message: string }[] = [];
  const observations: Observation[] = [];
  const today = todayIso();
  const day = body.date ?? today;
  // A day within a year either way (analyticsMaxDays; the tests and integrators write days ahead): a first day
  // centuries back or ahead made the span, and the analytics totals (a row per day), cover them all: one
  // price on 01/01/1000 then on 12/31/2999 took the database 53 s and wrote 730k totals rows.
  const bound = CATALOGUE_LIMITS.analyticsMaxDays;
  if (day > addDays(today, bound)) throw validationFailed([{ path: 'date', message: 'too_far_ahead' }]);
  if (day < addDays(today, -bound)) throw validationFailed([{ path: 'date', message: 'too_old' }]);
  body.prices.forEach((p, i) => {
    const shopId = p.shop ?? body.shop;
    if (!shopId) return problems.push({ path: `prices.${i}.shop`, message: 'shop_required' });
    const shop = dir.shopById.get(shopId);
    if (!shop) return problems.push({ path: p.shop ? `prices.${i}.shop` : 'shop', message: 'unknown shop' });
    if (body.network && shop.network !== body.network) return problems.push({ path: `prices.${i}.shop`, message: 'shop_not_in_network' });
    if (!user.isProvider && shop.networkId !== user.networkId) throw forbidden();
    // Checked in the minor units stored: 0.004 is no price, and 1.004 with a promo of 1.001 is no promotion.
    const regular = toMinor(p.price);
    const promo = p.promo === null || p.promo === undefined ? null : toMinor(p.promo);
    if (regular < 1) return problems.push({ path: `prices.${i}.price`, message: 'below_smallest_unit' });
    if (promo !== null && promo < 1) return problems.push({ path: `prices.${i}.promo`, message: 'below_smallest_unit' });
    if (promo !== null && promo >= regular) return problems.push({ path: `prices.${i}.promo`, message: 'promo_not_below_price' });
    observations.push({
      productId: p.product,
      shopId,
      day,
      regular,
      promo,
      inStock: p.inStock,
      source: user.isProvider ? 'manual' : 'retail',
    });
  });
  if (problems.length) throw validationFailed(problems.slice(0, 50));
  const ids = [...new Set(observations.map((o) => o.productId))];
  const known = await db
    .select({ id: products.id })
    .from(products)
    .where(anyOf(products.id, ids, 'int'));
  const knownIds = new Set(known.map((r) => r.id));
  const unknown = body.prices.map((p, i) => ({ p, i })).filter(({ p }) => !knownIds.has(p.product));
  if (unknown.length) throw validationFailed(unknown.slice(0, 50).map(({ i }) => ({ path: `prices.${i}.product`, message: 'unknown product' })));

  const written = await recordObservations(db, observations);
  // Evaluated before answering (the caller is told what fired), in the same serialised evaluator.
  const runtime = alarmsRuntime(db);
  const evaluation = runtime ? await runtime.evaluateNow(observations) : await evaluatePairs(db, observations);
  return { written: written.extended + written.opened, ignored: written.ignored, fired: evaluation.fired };
}
