import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Session } from '../../helpers/build';

export { callerFor as caller, type Caller as Call } from '../../helpers/catalogue';
export type FilePart = { field: string; name: string; data: Buffer; type?: string };

/** A multipart form body (fields, then files) as a browser sends it. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----pwleaf${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Posts a multipart form as the session's user. */
export function postForm(app: FastifyInstance, session: Session, url: string, fields: Record<string, string>, files: FilePart[] = []) {
  const form = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url,
    query: { token: session.token },
    cookies: session.xsrf.cookies,
    headers: { ...session.xsrf.headers, ...form.headers },
    payload: form.payload,
  });
}

/** A plain picture of the given size and format (a noisy gradient, so it does not compress to nothing). */
export async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + ((i / 3) % width)) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}
