/**
 * The deployment files (deployments/{country}.json) and GET /deployment.json: the country, its languages,
 * the remotes switched off and the old site's address, from the configuration.
 *
 * @one-database: the deployment comes from files and the configuration, not the database (scripts/lib/db-test-files.cjs).
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { COUNTRIES, REMOTE_NAMES, deploymentSchema, parseDeployment } from '@pricewatch/shared/contract';
import { loadConfig } from '../../../src/config';
import { loadDeployment } from '../../../src/areas/deployment/service';
import { build, SERVER_DIR } from '../../helpers/build';
import path from 'node:path';

const DEPLOYMENTS = path.join(SERVER_DIR, 'deployments');
const deploymentFor = (env: Record<string, string>) => loadDeployment(loadConfig(env), DEPLOYMENTS);

describe('deployments/{country}.json', () => {
  it.each([
    ['cz', 'en', ['en', 'ru', 'ua'], 'Europe/Prague'],
    ['ua', 'ua', ['en', 'ru', 'ua'], 'Europe/Kyiv'],
    ['ge', 'ua', ['en', 'ru', 'ua'], 'Asia/Tbilisi'],
    ['pl', 'pl', ['en', 'pl'], 'Europe/Warsaw'],
  ])('COUNTRY=%s: default %s, languages %j, time zone %s', (country, defaultLanguage, languages, timeZone) => {
    const d = deploymentFor({ COUNTRY: country });
    expect(d).toEqual({
      country,
      defaultLanguage,
      languages,
      timeZone,
      favicon: `/favicons/${country}.svg`,
      oldSiteUrl: null,
      apiServers: [''],
      remotes: Object.fromEntries(REMOTE_NAMES.map((r) => [r, `/remotes/${r}/mf-manifest.json`])),
      remoteTimeoutMs: 15000,
    });
  });

  it.each(COUNTRIES)("%s: the favicon exists in the host and the browser's check accepts the file as zod does", (country) => {
    const raw = JSON.parse(readFileSync(path.join(DEPLOYMENTS, `${country}.json`), 'utf8'));
    expect(parseDeployment(raw)).toEqual(deploymentSchema.parse(raw));
    const favicon = path.join(SERVER_DIR, '..', 'host', 'public', raw.favicon);
    expect(readFileSync(favicon, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it.each([
    ['an unknown country', { country: 'de' }],
    ['no languages', { languages: [] }],
    ['an unknown language', { languages: ['en', 'de'] }],
    ['no API server', { apiServers: [] }],
    ['a remote address that is not text', { remotes: { users: 1 } }],
    ['a zero timeout', { remoteTimeoutMs: 0 }],
    ['a missing time zone', { timeZone: undefined }],
  ])("the browser's check refuses %s, as zod does", (_, change) => {
    const raw = { ...JSON.parse(readFileSync(path.join(DEPLOYMENTS, 'cz.json'), 'utf8')), ...change };
    expect(() => deploymentSchema.parse(raw)).toThrow();
    expect(() => parseDeployment(raw)).toThrow(/invalid deployment/);
  });

  it('covers every country of the contract', () => {
    for (const country of COUNTRIES) expect(deploymentFor({ COUNTRY: country }).country).toBe(country);
  });

  it('takes OLD_SITE_URL, API_SERVERS and REMOTES_DISABLED from the environment', () => {
    const d = deploymentFor({
      COUNTRY: 'ua',
      OLD_SITE_URL: 'https://old.pricewatch.test/',
      API_SERVERS: 'https://api1.pricewatch.test, https://api2.pricewatch.test',
      REMOTES_DISABLED: 'leaflets,users',
    });
    expect(d.oldSiteUrl).toBe('https://old.pricewatch.test/');
    expect(d.apiServers).toEqual(['https://api1.pricewatch.test', 'https://api2.pricewatch.test']);
    expect(Object.keys(d.remotes).sort()).toEqual(['alarms', 'exports', 'parsers']);
  });

  it('takes REMOTE_TIMEOUT_MS from the environment', () => {
    expect(deploymentFor({ COUNTRY: 'cz', REMOTE_TIMEOUT_MS: '2500' }).remoteTimeoutMs).toBe(2500);
    expect(() => loadConfig({ REMOTE_TIMEOUT_MS: '0' })).toThrow(/REMOTE_TIMEOUT_MS/);
  });

  it('refuses an unknown remote in REMOTES_DISABLED at start', () => {
    expect(() => loadConfig({ REMOTES_DISABLED: 'alarms,alerts' })).toThrow(/REMOTES_DISABLED/);
  });

  it('reads REMOTE_DIR_<NAME> as folders resolved against the working directory', () => {
    const config = loadConfig({ REMOTE_DIR_USERS: 'releases/users', REMOTE_DIR_PARSERS: '/srv/parsers', REMOTE_DIR_ALARMS: '' }, '/opt/pw');
    expect(config.remoteDirs).toEqual({ users: '/opt/pw/releases/users', parsers: '/srv/parsers' });
  });

  it('treats empty variables as unset', () => {
    const d = deploymentFor({ OLD_SITE_URL: '', API_SERVERS: '', REMOTES_DISABLED: '' });
    expect(d.oldSiteUrl).toBeNull();
    expect(d.apiServers).toEqual(['']);
    expect(Object.keys(d.remotes)).toHaveLength(5);
  });

  it('refuses an unknown country at start', () => {
    expect(() => loadConfig({ COUNTRY: 'de' })).toThrow(/COUNTRY/);
  });
});

describe('GET /deployment.json', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build({ env: { COUNTRY: 'pl', OLD_SITE_URL: 'https://old.pricewatch.test/' } });
  });
  afterAll(() => app.close());

  it('answers the configured country without a token, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/deployment.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = deploymentSchema.parse(res.json());
    expect(body).toMatchObject({ country: 'pl', defaultLanguage: 'pl', languages: ['en', 'pl'] });
    expect(body.oldSiteUrl).toBe('https://old.pricewatch.test/');
  });
});
