/**
 * CHROMIUM_PATH is read in config.ts like every setting (issue 15 item 2) and is the Chromium the
 * browser fetch and the try's pictures start (docs/parsers.md "Browser fetch"): a wrapper that notes
 * each start and then runs Debian's Chromium shows which one was started.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CHROMIUM_PATH, loadConfig } from '../../src/config';
import { closeBrowsers, useChromium, withPagePicture } from '../../src/scraping/browser-crawl';

const dir = mkdtempSync(join(tmpdir(), 'pw-chromium-path-'));
const started = join(dir, 'started');
const wrapper = join(dir, 'chromium');
writeFileSync(wrapper, `#!/bin/sh\necho started >> "${started}"\nexec ${DEFAULT_CHROMIUM_PATH} "$@"\n`);
chmodSync(wrapper, 0o755);

const LIMITS = { timeoutSeconds: 60, maxPageBytes: 100_000 };
const titleOf = () => withPagePicture('<title>Shown</title><p>42,90 Kč</p>', 'http://shop.test/p/1', {}, LIMITS, (page) => page.title());

afterEach(() => closeBrowsers());
afterAll(() => useChromium(DEFAULT_CHROMIUM_PATH));

describe('CHROMIUM_PATH', () => {
  it('is Debian’s Chromium unless set; empty counts as unset', () => {
    expect(loadConfig({}).chromiumPath).toBe('/usr/bin/chromium');
    expect(loadConfig({ CHROMIUM_PATH: '' }).chromiumPath).toBe('/usr/bin/chromium');
    expect(loadConfig({ CHROMIUM_PATH: '/opt/chromium/chrome' }).chromiumPath).toBe('/opt/chromium/chrome');
  });

  it('names the Chromium a page picture starts', async () => {
    useChromium(loadConfig({ CHROMIUM_PATH: wrapper }).chromiumPath);
    expect(await titleOf()).toBe('Shown');
    expect(readFileSync(started, 'utf8')).toContain('started');
  });

  it('is not replaced by another Chromium when the one named is missing', async () => {
    useChromium(loadConfig({ CHROMIUM_PATH: join(dir, 'missing') }).chromiumPath);
    await expect(titleOf()).rejects.toThrow();
  });
});
