/**
 * Run ids do not run out (issue 13, item 7): the scheduler asks for every parser's slot once a minute in
 * every process, and a slot already queued must not take an id from the sequence; ids that grow with
 * the data are bigint.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { build } from '../../helpers/build';

let app: FastifyInstance;
beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
});
afterAll(() => app?.close());

const nextRunId = async () => {
  // A force start takes the next id: what the scheduler took before shows as a gap.
  const [parser] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM parsers ORDER BY id LIMIT 1`);
  const [run] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO parser_runs (parser_id, trigger) VALUES (${parser!.id}, 'force') RETURNING id`);
  await app.db.execute(sql`DELETE FROM parser_runs WHERE id = ${run!.id}`);
  return Number(run!.id);
};

it('scheduling a slot already queued, again and again, takes no run id', async () => {
  const { worker } = app.parsers;
  const at = Date.UTC(2030, 0, 1, 6, 3);
  await worker.schedule(at);
  const [{ n }] = (await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM parser_runs`)) as [{ n: number }];
  expect(n).toBeGreaterThan(0);
  const before = await nextRunId();
  // Ten minutes of scheduler ticks in two processes, all for slots that exist.
  for (let i = 0; i < 20; i++) await worker.schedule(at);
  const after = await nextRunId();
  expect(after - before).toBe(1);
  const [{ m }] = (await queryRows<{ m: number }>(app.db, sql`SELECT count(*)::int AS m FROM parser_runs`)) as [{ m: number }];
  expect(m).toBe(n);
});

it('ids that grow with the data are bigint', async () => {
  const rows = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    app.db,
    sql`SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = current_schema() AND (table_name, column_name) IN
          (('parser_runs', 'id'), ('parser_run_items', 'run_id'), ('scraper_requests', 'id'), ('parser_runs', 'scraper_request_id'),
           ('export_requests', 'id'), ('export_schedules', 'last_request_id'), ('leaflet_prices', 'id'), ('alarm_firings', 'id'))`,
  );
  expect(rows).toHaveLength(8);
  for (const r of rows) expect([r.table_name, r.column_name, r.data_type]).toEqual([r.table_name, r.column_name, 'bigint']);
});
