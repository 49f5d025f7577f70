import { DEMO_DEPLOYMENT } from '../../testing';
import { startLocalApiServer, type LocalApiServer } from '../../testing/local-api-server';

type DeploymentModule = typeof import('../index');
let server: LocalApiServer;
let mod: DeploymentModule;

beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  // a fresh module per test: the deployment is cached for the session
  jest.isolateModules(() => {
    mod = require('../index') as DeploymentModule;
  });
});

describe('loadDeployment', () => {
  it('GETs /deployment.json once, validates it and caches it', async () => {
    server.on('GET /deployment.json', { json: DEMO_DEPLOYMENT });
    const url = `${server.url}/deployment.json`;
    const [a, b] = await Promise.all([mod.loadDeployment(url), mod.loadDeployment(url)]);
    await mod.loadDeployment(url);
    expect(a).toEqual(DEMO_DEPLOYMENT);
    expect(b).toBe(a);
    expect(mod.getDeployment()).toBe(a);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.query.has('token')).toBe(false);
  });

  it('rejects an invalid deployment and can be retried', async () => {
    server.on('GET /deployment.json', { json: { ...DEMO_DEPLOYMENT, country: 'de' } });
    const url = `${server.url}/deployment.json`;
    await expect(mod.loadDeployment(url)).rejects.toThrow();
    expect(() => mod.getDeployment()).toThrow(/not loaded/);
    server.on('GET /deployment.json', { json: DEMO_DEPLOYMENT });
    await expect(mod.loadDeployment(url)).resolves.toEqual(DEMO_DEPLOYMENT);
  });

  it('getDeployment throws before anything is loaded; setDeployment sets it', () => {
    expect(() => mod.getDeployment()).toThrow();
    mod.setDeployment(DEMO_DEPLOYMENT);
    expect(mod.getDeployment()).toBe(DEMO_DEPLOYMENT);
  });
});

describe('API base (spec §7 "chosen at random from a configured list")', () => {
  const servers = ['https://a.example', 'https://b.example/', 'https://c.example'];

  it.each([
    [0, 'https://a.example'],
    [0.34, 'https://b.example'],
    [0.999, 'https://c.example'],
  ])('random %f picks %s (trailing slash dropped)', (r, expected) => {
    expect(mod.pickApiBase(servers, () => r)).toBe(expected);
  });

  it('an empty list means the same origin', () => {
    expect(mod.pickApiBase([])).toBe('');
  });

  it('is picked once per session and again for a new deployment', () => {
    expect(mod.getApiBase()).toBe('');
    const random = jest.spyOn(Math, 'random');
    random.mockReturnValue(0.9);
    mod.setDeployment({ ...DEMO_DEPLOYMENT, apiServers: servers });
    expect(mod.getApiBase()).toBe('https://c.example');
    random.mockReturnValue(0);
    expect(mod.getApiBase()).toBe('https://c.example');
    mod.setDeployment({ ...DEMO_DEPLOYMENT, apiServers: servers });
    expect(mod.getApiBase()).toBe('https://a.example');
    random.mockRestore();
  });
});
