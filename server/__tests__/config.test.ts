/** Settings of the scaled deployment (README "Scaling"): replicas, web-only and worker processes. */
import { loadConfig } from '../src/config';

describe('DATABASE_READ_URL', () => {
  const primary = 'postgres://pw:pw@db1:5432/pricewatch';

  test('a comma list of replicas, spaces and empty items ignored', () => {
    const config = loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: ' postgres://pw:pw@db2/pricewatch, ,postgresql://pw:pw@db3/pricewatch ' });
    expect(config.databaseReadUrls).toEqual(['postgres://pw:pw@db2/pricewatch', 'postgresql://pw:pw@db3/pricewatch']);
  });

  test('unset or empty: no replica', () => {
    expect(loadConfig({ DATABASE_URL: primary }).databaseReadUrls).toEqual([]);
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: '' }).databaseReadUrls).toEqual([]);
  });

  test('something other than a postgres:// URL stops the start, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'db2:5432' })).toThrow(/DATABASE_READ_URL/);
  });

  test('replicas without a primary (PGlite) stop the start', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://pw:pw@db2/pricewatch' })).toThrow(/DATABASE_READ_URL: needs DATABASE_URL/);
  });
});

describe('web-only and worker processes', () => {
  test('JOB_WORKERS=0 and PARSERS_WORKER=0 make a web process', () => {
    const config = loadConfig({ JOB_WORKERS: '0', PARSERS_WORKER: '0' });
    expect(config.jobWorkers).toBe(false);
    expect(config.parsersWorker).toBe(false);
    expect(config.demoShops).toBe(false);
  });
});
