import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getXsrf, login, type Session } from '../helpers/build';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Call = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** Calls as a logged-in user the way the front end does: ?token= and the anti-forgery pair. */
export function callAs(app: FastifyInstance, session: Session): Call {
  return (method, url, payload) =>
    app.inject({
      method,
      url: url + (url.includes('?') ? '&' : '?') + `token=${encodeURIComponent(session.token)}`,
      cookies: session.xsrf.cookies,
      headers: session.xsrf.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/** Logs in with any password (loginAs knows only the demo one). */
export async function loginWith(app: FastifyInstance, username: string, password: string): Promise<Session> {
  const xsrf = await getXsrf(app);
  const res = await login(app, username, password, xsrf);
  if (res.statusCode !== 200) throw new Error(`login as ${username}: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json().data;
  return { token, user, xsrf };
}
