/** Calls and checks shared by the export tests. */
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Session } from '../../helpers/build';
import { pollUntil } from '../../helpers/until';

export type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** Calls as the session's user: `?token=` added to the URL, the anti-forgery pair on every call. */
export function caller(app: FastifyInstance, session: Session): Call {
  return (method, url, payload) =>
    app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(session.token)}`,
      cookies: session.xsrf.cookies,
      headers: session.xsrf.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

export const data = (res: LightMyRequestResponse) => res.json().data;

/**
 * Polls GET /export/get/{id} until the request is done or failed: waits on the export itself, bounded by
 * the test's own timeout only (a resumed job after a restart took over 30 s with two suites and a browser
 * on two cores; under more load any fixed bound is a guess).
 */
export async function settled(call: Call, id: string) {
  return until(call, id, (r) => r.state === 'done' || r.state === 'failed');
}

/** Polls until `test` holds for the request (helpers/until.ts: no deadline of its own). */
export async function until(call: Call, id: string, test: (r: any) => boolean) {
  return pollUntil(
    async () => {
      const res = await call('GET', `/export/get/${id}`);
      if (res.statusCode !== 200) throw new Error(`GET /export/get/${id}: ${res.statusCode} ${res.body}`);
      return data(res);
    },
    test,
    50,
  );
}

/** The rows of every sheet of an xlsx file (values only, header row first). */
export async function sheetsOf(bytes: Buffer): Promise<{ name: string; rows: unknown[][] }[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(values.map((v) => (v === undefined ? null : v)));
    });
    return { name: ws.name, rows };
  });
}

/** A row as an object by header. */
export const byHeader = (rows: unknown[][]) => {
  const [header, ...rest] = rows as [string[], ...unknown[][]];
  return rest.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? null])));
};
