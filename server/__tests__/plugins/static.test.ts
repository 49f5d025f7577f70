/**
 * The built front ends served by the server: cache headers per kind of file, compressed copies, the
 * remotes' folders, and the page for a browser's navigation (src/plugins/static.ts).
 *
 * @one-database: files and headers, whatever the database (scripts/lib/db-test-files.cjs).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { cacheControlFor, withRemoteDirs } from '../../src/plugins/static';
import { build } from '../helpers/build';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX = '<!doctype html><title>Pricewatch</title><div id="root"></div>';

let app: FastifyInstance;
let root: string;
const MAIN_JS = 'console.log("host");'.repeat(20);

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pw-static-'));
  const host = path.join(root, 'host');
  const exportsDist = path.join(root, 'remote-exports');
  write(path.join(host, 'index.html'), INDEX);
  write(path.join(host, 'main.0123abcd89.js'), MAIN_JS);
  writeFileSync(path.join(host, 'main.0123abcd89.js.gz'), gzipSync(MAIN_JS));
  write(path.join(host, 'favicon.svg'), '<svg/>');
  write(path.join(host, 'assets/i18n/en.json'), '{"login":"Login"}');
  write(path.join(exportsDist, 'remoteEntry.js'), 'var pricewatch_exports;');
  write(path.join(exportsDist, 'mf-manifest.json'), '{"name":"pricewatch_exports"}');
  write(path.join(exportsDist, '512.deadbeef12345678.js'), '/* chunk */');
  app = await build({
    staticDirs: {
      host,
      remotes: {
        exports: exportsDist,
        leaflets: path.join(root, 'remote-leaflets-not-built'),
        users: path.join(root, 'releases', 'users'),
      },
    },
  });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, accept?: string) => app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

describe('static files', () => {
  it.each([
    ['/', NO_CACHE, INDEX],
    ['/index.html', NO_CACHE, INDEX],
    ['/main.0123abcd89.js', IMMUTABLE, MAIN_JS],
    ['/favicon.svg', NO_CACHE, '<svg/>'],
    ['/assets/i18n/en.json', NO_CACHE, '{"login":"Login"}'],
    ['/remotes/exports/remoteEntry.js', NO_CACHE, 'var pricewatch_exports;'],
    ['/remotes/exports/mf-manifest.json', NO_CACHE, '{"name":"pricewatch_exports"}'],
    ['/remotes/exports/512.deadbeef12345678.js', IMMUTABLE, '/* chunk */'],
  ])('serves %s without a token, with Cache-Control %s', async (url, cacheControl, content) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
    expect(res.body).toBe(content);
  });

  it.each(['/remotes/exports/missing.js', '/remotes/leaflets/mf-manifest.json', '/assets/i18n/xx.json'])(
    'answers 404 route_not_found for a missing file %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('route_not_found');
    },
  );
});

describe('precompressed files', () => {
  it('sends the .gz beside a file to a browser that accepts gzip', async () => {
    const res = await app.inject({ method: 'GET', url: '/main.0123abcd89.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(MAIN_JS);
  });

  it('sends the plain file when gzip is not accepted or there is no .gz', async () => {
    const plain = await get('/main.0123abcd89.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(MAIN_JS);
    const noGz = await app.inject({ method: 'GET', url: '/remotes/exports/remoteEntry.js', headers: { 'accept-encoding': 'gzip' } });
    expect(noGz.statusCode).toBe(200);
    expect(noGz.headers['content-encoding']).toBeUndefined();
    expect(noGz.body).toBe('var pricewatch_exports;');
  });
});

describe('a remote released while the server runs', () => {
  it('is served from its folder once the files are there, no restart needed', async () => {
    expect((await get('/remotes/users/mf-manifest.json')).statusCode).toBe(404);
    write(path.join(root, 'releases', 'users', 'mf-manifest.json'), '{"name":"pricewatch_users"}');
    const res = await get('/remotes/users/mf-manifest.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    expect(res.json()).toEqual({ name: 'pricewatch_users' });
    rmSync(path.join(root, 'releases', 'users'), { recursive: true });
    expect((await get('/remotes/users/mf-manifest.json')).statusCode).toBe(404);
  });

  it('withRemoteDirs replaces the folders named, keeps the others', () => {
    const dirs = { host: '/w/host/dist', remotes: { users: '/w/remote-users/dist', parsers: '/w/remote-parsers/dist' } };
    expect(withRemoteDirs(dirs, { users: '/srv/users' })).toEqual({
      host: '/w/host/dist',
      remotes: { users: '/srv/users', parsers: '/w/remote-parsers/dist' },
    });
  });
});

describe('SPA fallback', () => {
  it.each(['/login', '/product/123', '/report-analytics', '/no-such-screen/at-all'])('answers index.html to a browser navigation to %s', async (url) => {
    const res = await get(url, 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    expect(res.body).toBe(INDEX);
  });

  it.each([
    ['a file with an extension', '/missing.js', 'text/html'],
    ['an API call', '/product/123', 'application/json'],
    ['no Accept header', '/product/123', undefined],
  ])('does not apply to %s', async (_, url, accept) => {
    const res = await get(url, accept);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('route_not_found');
  });

  it('does not apply to a POST', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/product/123',
      headers: { accept: 'text/html', 'x-xsrf-token': 'a' },
      cookies: { 'XSRF-TOKEN': 'a' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['main.0123abcd.js', IMMUTABLE],
    ['vendors.3f2a9c1e0b7d4a66.css', IMMUTABLE],
    ['remoteEntry.js', NO_CACHE],
    ['mf-manifest.json', NO_CACHE],
    ['index.html', NO_CACHE],
    ['en.json', NO_CACHE],
    ['logo.abc.png', NO_CACHE],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(`/dist/${file}`)).toBe(expected);
  });
});
