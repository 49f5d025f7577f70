// Helpers of the deployment, release and bytes tests: country deployments as data, the shell's
// translations as the test's expectations, sign-in in any language, the federation share scope.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { WORKSPACE } from '../playwright.config';
import { PASSWORD } from './helpers';

export type Country = 'ua' | 'ge' | 'cz' | 'pl';
export const COUNTRIES: Country[] = ['ua', 'ge', 'cz', 'pl'];

export type Deployment = {
  country: Country;
  defaultLanguage: string;
  languages: string[];
  favicon: string;
  oldSiteUrl: string | null;
  apiServers: string[];
  remotes: Record<string, string>;
  remoteTimeoutMs?: number;
  timeZone: string;
};

/** server/deployments/{country}.json, as the server reads it. */
export function deploymentFile(country: Country): Deployment {
  return JSON.parse(readFileSync(join(WORKSPACE, 'server', 'deployments', `${country}.json`), 'utf8'));
}

/** Serves `deployment` as this page's /deployment.json: the same built host, another country. */
export async function useDeployment(page: Page, deployment: Deployment) {
  await page.route('**/deployment.json', (route) => route.fulfill({ json: deployment, headers: { 'cache-control': 'no-cache' } }));
}

const shell: Record<string, Record<string, unknown>> = {};

/** A text of the shell's translations (host/public/assets/i18n/{lang}.json), e.g. t('pl', 'menu.alarms'). */
export function t(lang: string, key: string): string {
  shell[lang] ??= JSON.parse(readFileSync(join(WORKSPACE, 'host', 'public', 'assets', 'i18n', `${lang}.json`), 'utf8'));
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], shell[lang]);
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return value;
}

export const exact = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** Signs in through the form whatever the page's language (fields found by name, not by label). */
export async function signInAs(page: Page, username: string, baseUrl?: string) {
  await page.goto(baseUrl ? `${baseUrl}/login` : '/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** The header's language selector: picks `lang` and waits for the page to switch. */
export async function chooseLanguage(page: Page, lang: string) {
  await page.getByTestId('header').locator('select').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lang));
}

/** `<html lang>` for a UI language: its Intl locale (ua is uk, spec §9; en is en-US). */
export const htmlLang = (lang: string) => new RegExp(`^${lang === 'ua' ? 'uk' : lang}(-|$)`);

/** Client-side navigation, as a menu link does it (no reload, no new download of the shell). */
export async function navigate(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export type ShareEntry = { version: string; from: string; loaded: boolean; useIn: string[] };

/** The federation share scope: package → every registered version with its provider and state. */
export async function shareScope(page: Page): Promise<Record<string, ShareEntry[]>> {
  return page.evaluate(() => {
    type Raw = { from: string; loaded?: boolean; lib?: unknown; useIn?: string[] };
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Raw>>>> } }).__FEDERATION__
      .__SHARE__;
    const out: Record<string, ShareEntry[]> = {};
    for (const instance of Object.values(share)) {
      for (const scope of Object.values(instance)) {
        for (const [pkg, versions] of Object.entries(scope)) {
          for (const [version, v] of Object.entries(versions)) {
            const list = (out[pkg] ??= []);
            if (list.some((e) => e.version === version && e.from === v.from)) continue;
            list.push({ version, from: v.from, loaded: Boolean(v.loaded || v.lib), useIn: [...(v.useIn ?? [])] });
          }
        }
      }
    }
    return out;
  });
}

/** Counts react-dom renderers as React DevTools would see them: each copy of react-dom injects itself. */
export const COUNT_RENDERERS = () => {
  const w = window as unknown as Record<string, unknown>;
  let id = 0;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    inject(renderer: unknown) {
      id += 1;
      (this as { renderers: Map<number, unknown> }).renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
};

export const rendererCount = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
  );
