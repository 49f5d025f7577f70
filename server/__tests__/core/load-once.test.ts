import { loadOnce } from '../../src/core/load-once';

describe('loadOnce', () => {
  it('loads once for callers at the same time and after', async () => {
    let loads = 0;
    const get = loadOnce(async () => ({ n: ++loads }));
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(loads).toBe(1);
  });

  it('a failed load is not kept: the next call loads again', async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('EMFILE: too many open files');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('EMFILE');
    expect(await get()).toBe('loaded');
    expect(loads).toBe(2);
  });
});
