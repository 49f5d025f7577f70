import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BASE_PL, SERVED_REMOTES, WORKSPACE } from '../playwright.config';
import { sideMenu } from './helpers';
import { COUNT_RENDERERS, exact, rendererCount, shareScope, signInAs, t } from './deployment-helpers';

// Independent releases (README "Releasing a remote"): the users remote is built from a changed copy of
// its package and released with scripts/release-remote.mjs into the folder the running Polish server
// serves it from; the host is neither rebuilt nor restarted. Then a copy built "against" newer shared
// libraries: it runs with the host's copies (docs/federation.md "Version skew").

test.describe.configure({ mode: 'serial' });

const REMOTE_DIR = join(WORKSPACE, 'remote-users');
const SERVED = join(SERVED_REMOTES, 'users');
const HOST_MAIN = () => readFileSync(join(WORKSPACE, 'host', 'dist', 'index.html'), 'utf8').match(/main\.[0-9a-f]+\.js/)![0];

/**
 * A copy of the users remote whose exposed screen shows `label` above the real one (and uses zustand
 * and react-i18next itself), its webpack config the real one with `sharedVersions` pretended.
 */
function changedCopy(label: string, sharedVersions: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pw-release-users-'));
  cpSync(join(REMOTE_DIR, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(REMOTE_DIR, 'package.json'), join(dir, 'package.json'));
  if (existsSync(join(REMOTE_DIR, 'public'))) cpSync(join(REMOTE_DIR, 'public'), join(dir, 'public'), { recursive: true });
  symlinkSync(join(REMOTE_DIR, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const realConfig = readFileSync(join(REMOTE_DIR, 'webpack.config.cjs'), 'utf8');
  const screen = /'\.\/NetworkUsers':\s*'\.\/([^']+)\.tsx'/.exec(realConfig)?.[1];
  if (!screen) throw new Error('remote-users/webpack.config.cjs exposes no ./NetworkUsers');
  const config = realConfig
    .replace("require('../tooling/webpack.common.cjs')", `require(${JSON.stringify(join(WORKSPACE, 'tooling', 'webpack.common.cjs'))})`)
    .replace('makeWebpackConfig({', `makeWebpackConfig({\n  sharedVersions: ${JSON.stringify(sharedVersions)},`);
  expect(config).toContain('sharedVersions');
  expect(config).toContain(join(WORKSPACE, 'tooling'));
  writeFileSync(join(dir, 'webpack.config.cjs'), config);
  const original = join(dir, `${screen}.original.tsx`);
  renameSync(join(dir, `${screen}.tsx`), original);
  const base = screen.split('/').pop();
  writeFileSync(
    join(dir, `${screen}.tsx`),
    `import { create } from 'zustand';
import { useTranslation } from 'react-i18next';
import Original from './${base}.original';

const useProbe = create<{ build: string }>()(() => ({ build: ${JSON.stringify(label)} }));

export default function ReleasedScreen() {
  const build = useProbe((s) => s.build);
  const { i18n } = useTranslation();
  return (
    <>
      <p data-testid="release-label">Release {build} ({i18n.language})</p>
      <Original />
    </>
  );
}
`,
  );
  return dir;
}

/** scripts/release-remote.mjs users …; its JSON line. */
function release(...args: string[]) {
  const out = execFileSync(process.execPath, [join(WORKSPACE, 'scripts', 'release-remote.mjs'), 'users', '--to', SERVED, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 120_000,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as { label: string; files: number; added: number; buildVersion: string };
}

async function openNetworkUsers(page: Page) {
  await sideMenu(page)
    .getByRole('link', { name: exact(t('pl', 'menu.networkUsers')) })
    .click();
  await expect(page).toHaveURL(/\/network-users$/);
}

const copies: string[] = [];
test.afterAll(() => {
  // Put the workspace's own build back, as a rollback would.
  release('--dist', join(REMOTE_DIR, 'dist'));
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

test('a remote released alone reaches the running host at the next page load, no host rebuild', async ({ page }) => {
  test.setTimeout(150_000);
  const hostMain = HOST_MAIN();
  const hostMainTime = statSync(join(WORKSPACE, 'host', 'dist', hostMain)).mtimeMs;
  const label = `e2e-${Date.now().toString(36)}`;

  await signInAs(page, 'netadmin', BASE_PL);
  await openNetworkUsers(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('release-label')).toHaveCount(0);

  const copy = changedCopy(label);
  copies.push(copy);
  const released = release('--from', copy, '--label', label);
  expect(released.buildVersion).toBe(label);

  // The open page keeps working on the version it loaded (the old chunks are still served) …
  await sideMenu(page)
    .getByRole('link', { name: exact(t('pl', 'menu.parsers')) })
    .click();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await openNetworkUsers(page);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByText(t('pl', 'remote.errorTitle'))).toHaveCount(0);

  // … and the next page load runs the new one.
  await page.reload();
  await expect(page.getByTestId('release-label')).toHaveText(`Release ${label} (pl)`);
  const manifest = await (await page.request.get(`${BASE_PL}/remotes/users/mf-manifest.json`)).json();
  expect(manifest.metaData.buildInfo.buildVersion).toBe(label);

  // The host is the same build, untouched.
  expect(HOST_MAIN()).toBe(hostMain);
  expect(statSync(join(WORKSPACE, 'host', 'dist', hostMain)).mtimeMs).toBe(hostMainTime);
  const index = await (await page.request.get(`${BASE_PL}/`, { headers: { accept: 'text/html' } })).text();
  expect(index).toContain(hostMain);
});

test("version skew: a remote built against newer shared libraries runs with the host's copies", async ({ page }) => {
  test.setTimeout(150_000);
  const label = `skew-${Date.now().toString(36)}`;
  // zustand one major ahead of the host (5.x), react-i18next one patch ahead.
  const copy = changedCopy(label, { zustand: '6.0.0', 'react-i18next': '18.0.99' });
  copies.push(copy);
  release('--from', copy, '--label', label);

  await page.addInitScript(COUNT_RENDERERS);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await signInAs(page, 'netadmin', BASE_PL);
  await openNetworkUsers(page);
  await expect(page.getByTestId('release-label')).toHaveText(`Release ${label} (pl)`);

  const scope = await shareScope(page);
  const loaded = (pkg: string) => scope[pkg]!.filter((e) => e.loaded);
  for (const [pkg, remoteVersion] of [
    ['zustand', '6.0.0'],
    ['react-i18next', '18.0.99'],
  ] as const) {
    // The remote's newer version is registered, never loaded; the host's one copy serves the remote too.
    expect(
      scope[pkg]!.find((e) => e.version === remoteVersion),
      `${pkg} ${remoteVersion} registered`,
    ).toMatchObject({
      from: 'pricewatch_users',
      loaded: false,
    });
    expect(
      loaded(pkg).map((e) => e.from),
      `${pkg} loaded once, from the host`,
    ).toEqual(['pricewatch_host']);
    expect(loaded(pkg)[0]!.useIn).toContain('pricewatch_users');
    // The rule is told, not silent: the unmet requirement is a console warning naming the package.
    expect(
      warnings.some((w) => w.includes(pkg) && w.includes(`^${remoteVersion}`)),
      `a warning names ${pkg} ^${remoteVersion}`,
    ).toBe(true);
  }
  expect(await rendererCount(page)).toBe(1);
});
