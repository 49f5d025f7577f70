// jsdom's FormData is not one Node's fetch can send: the test builds its forms with Node's own classes,
// as a browser's fetch would get its own.
import { Blob as NodeBlob } from 'node:buffer';
import { setDeployment } from '../../deployment/deployment-config';
import { startLocalApiServer, type LocalApiServer } from '../../testing/local-api-server';
import type { Deployment } from '../../contract/deployment';
import { ApiError } from '../api-error';
import { apiUpload } from '../request';
import { linkSession } from '../session-link';

let server: LocalApiServer;
const deployment: Deployment = {
  country: 'ua',
  defaultLanguage: 'ua',
  languages: ['en', 'ru', 'ua'],
  favicon: '',
  oldSiteUrl: null,
  apiServers: [],
  remotes: {},
  timeZone: 'Europe/Kyiv',
};

let NodeFormData: typeof FormData;

beforeAll(async () => {
  NodeFormData = (await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()).constructor as typeof FormData;
  server = await startLocalApiServer();
  setDeployment({ ...deployment, apiServers: [server.url] });
  linkSession({ getToken: () => 'tok-9', clear: () => {} });
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

function form() {
  const data = new NodeFormData();
  data.append('folder', 'leaflets');
  data.append('image', new NodeBlob(['PNGDATA'], { type: 'image/png' }) as unknown as Blob, 'page-1.png');
  return data;
}

describe('apiUpload (spec §5 multipart, §8 non-200 → parsed body as the error)', () => {
  it('posts a multipart form with the token and resolves with the body', async () => {
    server.on('POST /leaflets/save-image', { json: { success: true, data: { url: '/img/1.png' } } });
    await expect(apiUpload('/leaflets/save-image', form())).resolves.toEqual({ success: true, data: { url: '/img/1.png' } });
    const [req] = server.received;
    expect(req!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req!.query.get('token')).toBe('tok-9');
    const text = req!.body.toString();
    expect(text).toContain('name="folder"');
    expect(text).toContain('filename="page-1.png"');
    expect(text).toContain('PNGDATA');
  });

  it('a 4xx rejects with the parsed body', async () => {
    const body = { success: false, error: { code: 'payload_too_large', message: 'Too big' } };
    server.on('POST /price-alarms/import', { status: 413, json: body });
    const error = await apiUpload('/price-alarms/import', form()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, body, messageKey: 'payload_too_large' });
  });

  it('a 2xx other than 200 is an error too, with its parsed body', async () => {
    const body = { success: true, data: { queued: true } };
    server.on('POST /custom/import-internal-prices', { status: 202, json: body });
    const error = await apiUpload('/custom/import-internal-prices', form()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 202, body });
  });
});
