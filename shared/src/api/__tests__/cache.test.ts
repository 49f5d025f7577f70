import { CACHE_DELAY_MS, cached, clearCached } from '../cache';

beforeEach(() => {
  jest.useFakeTimers();
  clearCached();
});
afterEach(() => jest.useRealTimers());

describe('cached (spec §7 cached results after 10 ms)', () => {
  it('loads once and answers later calls from memory after CACHE_DELAY_MS', async () => {
    const loader = jest.fn(async () => ({ a: 'Shop A' }));
    await expect(cached('shops/map', loader)).resolves.toEqual({ a: 'Shop A' });

    let second: unknown;
    void cached('shops/map', loader).then((v) => (second = v));
    await jest.advanceTimersByTimeAsync(CACHE_DELAY_MS - 1);
    expect(second).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(second).toEqual({ a: 'Shop A' });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(CACHE_DELAY_MS).toBe(10);
  });

  it('shares one load between concurrent first calls', async () => {
    const loader = jest.fn(async () => 1);
    const first = cached('k', loader);
    const second = cached('k', loader);
    await jest.advanceTimersByTimeAsync(CACHE_DELAY_MS);
    await expect(Promise.all([first, second])).resolves.toEqual([1, 1]);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure', async () => {
    const loader = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok');
    await expect(cached('k', loader)).rejects.toThrow('down');
    await expect(cached('k', loader)).resolves.toBe('ok');
  });

  it('clearCached forgets everything (a new session)', async () => {
    const loader = jest.fn(async () => 1);
    await cached('k', loader);
    clearCached();
    await cached('k', loader);
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
