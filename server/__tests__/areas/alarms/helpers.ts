import type { FastifyInstance } from 'fastify';
import { addDays, todayIso } from '../../../src/lib/days';
import { sql } from 'drizzle-orm';
import { alarmsRuntime } from '../../../src/areas/alarms/hook';
import { queryRows } from '../../../src/db/client';
import { jobsSchemaFor } from '../../../src/jobs';
import type { Session } from '../../helpers/build';
import { pollUntil } from '../../helpers/until';
import { us } from '../../helpers/catalogue';

export { callerFor as caller, type Caller as Call } from '../../helpers/catalogue';

/** A multipart form body (file + fields) as a browser sends it. */
export function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = `----pwtest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(
  app: FastifyInstance,
  session: Session,
  url: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const form = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url,
    query: { token: session.token },
    cookies: session.xsrf.cookies,
    headers: { ...session.xsrf.headers, ...form.headers },
    payload: form.payload,
  });
}

let dayOffset = 0;
/** A fresh day after the fixtures' last one (the history only moves forward), as MM/DD/YYYY. */
export const nextDay = () => us(addDays(todayIso(), ++dayOffset));

export const settle = (app: FastifyInstance) => alarmsRuntime(app.db)?.idle() ?? Promise.resolve();

/**
 * Waits for the evaluation itself: the written pairs handed on (settle), then every `alarms.evaluate`
 * job done, as pg-boss's own table says — never a fixed number of sleeps.
 */
export async function evaluated(app: FastifyInstance): Promise<void> {
  await settle(app);
  const jobs = sql.identifier(jobsSchemaFor(app.config.databaseUrl ? app.config.databaseSchema : null));
  await pollUntil(
    () =>
      queryRows<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM ${jobs}.job WHERE name = 'alarms.evaluate' AND state IN ('created', 'retry', 'active')`,
      ),
    ([row]) => Number(row!.n) === 0,
    50,
  );
}
