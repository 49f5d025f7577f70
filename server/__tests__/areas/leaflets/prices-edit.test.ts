/**
 * @one-database: one price corrected or removed per request; concurrent writes are tested on both (access/concurrent-writes). (scripts/lib/db-test-files.cjs)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../../src/db/client';
import { body, build, loginAs, type Session } from '../../helpers/build';
import { caller, postForm, type Call } from './helpers';

/**
 * Correcting or removing one leaflet price: PUT and DELETE /leaflets/prices/{priceId} (docs/leaflets.md
 * "Editing one price"), on PGlite or PostgreSQL (TEST_DATABASE_URL).
 */
describe('leaflet price edit and delete', () => {
  let app: FastifyInstance;
  let analystSession: Session;
  let analyst: Call; // albert: sees albert, lidl, kaufland
  let netadmin: Call; // billa: sees billa, albert, penny
  let guest: Call;

  beforeAll(async () => {
    app = await build();
    analystSession = await loginAs(app, 'analyst');
    analyst = caller(app, analystSession);
    netadmin = caller(app, await loginAs(app, 'netadmin'));
    guest = caller(app, await loginAs(app, 'guest'));
  });
  afterAll(() => app.close());

  const fieldsOf = (res: { json: () => unknown }) => (res.json() as { error: { fields: unknown } }).error.fields;

  async function leafletWithPrices(call: Call = analyst, network = 'albert') {
    const res = await call('POST', '/leaflets/create', { name: 'Edit prices', network, start: '03/02/2026', end: '03/08/2026' });
    expect(res.statusCode).toBe(200);
    return body(res).data._id as string;
  }

  async function addPrice(leafletId: string, fields: Record<string, unknown>, session: Session = analystSession) {
    const res = await postForm(app, session, '/leaflets/add-price', { leafletPicture: JSON.stringify({ leafletId, productName: 'Milk', ...fields }) });
    expect(res.statusCode).toBe(200);
    return body(res).data as { _id: string; price: number; oldPrice: number | null; discountPct: number | null };
  }

  it('routes /leaflets/prices/… to the price, not to /leaflets/:id', () => {
    expect(app.hasRoute({ method: 'PUT', url: '/leaflets/prices/:priceId' })).toBe(true);
    expect(app.hasRoute({ method: 'DELETE', url: '/leaflets/prices/:priceId' })).toBe(true);
    expect(app.printRoutes({ commonPrefix: false })).toMatch(/prices\/:priceId/);
  });

  it('updates a price: the answer, the pageable list and the statistics reflect it', async () => {
    const id = await leafletWithPrices();
    const a = await addPrice(id, { price: 10, oldPrice: 20 });
    await addPrice(id, { productName: 'Bread', price: 30 });

    const res = await analyst('PUT', `/leaflets/prices/${a._id}`, { price: '15,50', mechanics: 'card', mechanicsText: 'with card' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({
      _id: a._id,
      productName: 'Milk',
      price: 15.5,
      oldPrice: 20,
      discountPct: 22.5,
      mechanics: 'card',
      mechanicsText: 'with card',
    });

    const page = body(await analyst('GET', `/leaflets/${id}/prices/pageable`)).data;
    expect(page.items.find((p: { _id: string }) => p._id === a._id)).toMatchObject({ price: 15.5, oldPrice: 20, mechanics: 'card' });
    const stats = body(await analyst('GET', `/leaflets/${id}/prices/statistics`)).data;
    expect(stats).toMatchObject({ priceCount: 2, minPrice: 15.5, maxPrice: 30, withOldPriceCount: 1, maxDiscountPct: 22.5 });
    expect(stats.byMechanics.find((m: { mechanics: string }) => m.mechanics === 'card').count).toBe(1);

    // Only what is sent changes; old price null drops the discount.
    const cleared = body(await analyst('PUT', `/leaflets/prices/${a._id}`, { oldPrice: null, productName: 'Milk 1 l' })).data;
    expect(cleared).toMatchObject({ productName: 'Milk 1 l', price: 15.5, oldPrice: null, discountPct: null, mechanics: 'card' });
  });

  it('matches and unmatches a product of the leaflet’s country only', async () => {
    const id = await leafletWithPrices();
    const a = await addPrice(id, { price: 10 });
    const one = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(app.db, q))[0]!.id;
    const czech = await one(sql`INSERT INTO products (name, country) VALUES ('Edit CZ', 'cz') RETURNING id`);
    const ukrainian = await one(sql`INSERT INTO products (name, country) VALUES ('Edit UA', 'ua') RETURNING id`);
    const other = await analyst('PUT', `/leaflets/prices/${a._id}`, { productId: ukrainian });
    expect([other.statusCode, fieldsOf(other)]).toEqual([400, [{ path: 'productId', message: 'product_of_other_country' }]]);
    const matched = await analyst('PUT', `/leaflets/prices/${a._id}`, { productId: czech });
    expect([matched.statusCode, body(matched).data.productId]).toEqual([200, String(czech)]);
    const unmatched = await analyst('PUT', `/leaflets/prices/${a._id}`, { productId: null });
    expect([unmatched.statusCode, body(unmatched).data.productId, body(unmatched).data.product]).toEqual([200, null, null]);
  });

  it('refuses bad input naming the field, checking the old price against the stored values', async () => {
    const id = await leafletWithPrices();
    const a = await addPrice(id, { price: 10, oldPrice: 20 });
    // New price at or above the stored old price.
    const above = await analyst('PUT', `/leaflets/prices/${a._id}`, { price: 20 });
    expect([above.statusCode, fieldsOf(above)]).toEqual([400, [{ path: 'oldPrice', message: 'old_price_not_above_price' }]]);
    // Both sent.
    const both = await analyst('PUT', `/leaflets/prices/${a._id}`, { price: 5, oldPrice: 4 });
    expect([both.statusCode, fieldsOf(both)]).toEqual([400, [expect.objectContaining({ path: 'oldPrice', message: 'old_price_not_above_price' })]]);
    const abc = await analyst('PUT', `/leaflets/prices/${a._id}`, { price: 'abc' });
    expect([abc.statusCode, fieldsOf(abc)]).toEqual([400, [expect.objectContaining({ path: 'price', message: 'not_a_number' })]]);
    const nul = await analyst('PUT', `/leaflets/prices/${a._id}`, { productName: 'Mi\u0000lk' });
    expect(nul.statusCode).toBe(400);
    expect(fieldsOf(nul)).toEqual([expect.objectContaining({ path: 'productName' })]);
    expect((await analyst('PUT', '/leaflets/prices/abc', { price: 1 })).statusCode).toBe(400);
    // Nothing changed.
    const page = body(await analyst('GET', `/leaflets/${id}/prices/pageable`)).data;
    expect(page.items[0]).toMatchObject({ productName: 'Milk', price: 10, oldPrice: 20 });
  });

  it('deletes a price: gone from the list, the counts drop', async () => {
    const id = await leafletWithPrices();
    const a = await addPrice(id, { price: 10 });
    await addPrice(id, { productName: 'Bread', price: 30 });
    const res = await analyst('DELETE', `/leaflets/prices/${a._id}`);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, data: { deleted: true } });
    const page = body(await analyst('GET', `/leaflets/${id}/prices/pageable`)).data;
    expect(page.total).toBe(1);
    expect(page.items.map((p: { _id: string }) => p._id)).not.toContain(a._id);
    expect(body(await analyst('GET', `/leaflets/${id}/prices/statistics`)).data).toMatchObject({ priceCount: 1, minPrice: 30 });
    expect(body(await analyst('GET', `/leaflets/${id}`)).data.priceCount).toBe(1);
    // Twice: gone.
    expect((await analyst('DELETE', `/leaflets/prices/${a._id}`)).statusCode).toBe(404);
    expect((await analyst('PUT', `/leaflets/prices/${a._id}`, { price: 1 })).statusCode).toBe(404);
  });

  it('guests 403, another network’s price and unknown prices 404', async () => {
    const id = await leafletWithPrices();
    const a = await addPrice(id, { price: 10 });
    expect((await guest('PUT', `/leaflets/prices/${a._id}`, { price: 9 })).statusCode).toBe(403);
    expect((await guest('DELETE', `/leaflets/prices/${a._id}`)).statusCode).toBe(403);

    const billaLeaflet = await leafletWithPrices(netadmin, 'billa');
    const netadminSession = await loginAs(app, 'netadmin');
    const billa = await addPrice(billaLeaflet, { price: 10 }, netadminSession);
    expect((await analyst('PUT', `/leaflets/prices/${billa._id}`, { price: 9 })).statusCode).toBe(404);
    expect((await analyst('DELETE', `/leaflets/prices/${billa._id}`)).statusCode).toBe(404);
    expect(body(await netadmin('GET', `/leaflets/${billaLeaflet}/prices/pageable`)).data.items[0].price).toBe(10);

    expect((await analyst('PUT', '/leaflets/prices/999999', { price: 9 })).statusCode).toBe(404);
    expect((await analyst('DELETE', '/leaflets/prices/999999')).statusCode).toBe(404);
    // The leaflet routes still answer as before.
    expect((await analyst('PUT', '/leaflets/999999', { name: 'x' })).statusCode).toBe(404);
  });
});
