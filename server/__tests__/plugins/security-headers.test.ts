/**
 * Browser security headers (issue 13, item 11): the app's pages cannot be framed by another site, send
 * no Referer (tokens travel in query strings), and allow scripts and requests only from this origin and
 * the deployment's remote and API origins.
 *
 * @one-database: response headers, whatever the database (scripts/lib/db-test-files.cjs).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from '../../src/plugins/security-headers';
import { build } from '../helpers/build';

let app: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pw-headers-'));
  mkdirSync(path.join(root, 'host'), { recursive: true });
  writeFileSync(path.join(root, 'host', 'index.html'), '<!doctype html><div id="root"></div>');
  app = await build({ staticDirs: { host: path.join(root, 'host'), remotes: {} } });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const directive = (csp: string, name: string) =>
  csp
    .split(/;\s*/)
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ');

it('the page (and a deep link to it) cannot be framed by other sites and sends no referrer', async () => {
  for (const url of ['/', '/product/2316']) {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  }
});

it('API answers send no referrer and are not sniffed', async () => {
  const res = await app.inject({ method: 'GET', url: '/deployment.json' });
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});

it('the policy allows exactly the deployment’s remote and API origins, and the old design as a framer', () => {
  const csp = contentSecurityPolicy({
    remotes: { exports: 'https://cdn.example.com/exports/mf-manifest.json', users: '/remotes/users/mf-manifest.json' },
    apiServers: ['', 'https://api2.example.com'],
    oldSiteUrl: 'https://old.example.com/app',
  });
  expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://cdn.example.com']);
  expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://cdn.example.com', 'https://api2.example.com', 'https://www.youtube-nocookie.com']);
  expect(directive(csp, 'frame-ancestors')).toEqual(["'self'", 'https://old.example.com']);
  expect(csp).not.toContain('*');
});
