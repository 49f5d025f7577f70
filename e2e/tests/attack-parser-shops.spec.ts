import { expect, test, type Page } from '@playwright/test';
import { apiToken, openSignedIn } from './helpers';
import { BASE } from '../playwright.config';

// The parser editor's shop typeahead takes the session's shops narrowed to a chain user's own chain
// (remote-parsers parser-editor.tsx). A chain's user sees other chains' shops (allowedNetworks) but may
// make parsers only for its own: typing another chain's name offers nothing. The provider is offered
// every chain's shops.

/** The chains whose shops GET /shops gives this user, by name, with their shop counts. */
async function visibleChains(request: Parameters<typeof apiToken>[0], username: string) {
  const { token } = await apiToken(request, BASE, username);
  const shops = (await (await request.get(`${BASE}/shops`, { params: { token } })).json()).data as { network: string; networkName: string }[];
  const chains = new Map<string, { name: string; shops: number }>();
  for (const s of shops) chains.set(s.network, { name: s.networkName, shops: (chains.get(s.network)?.shops ?? 0) + 1 });
  return chains;
}

async function openNewParser(page: Page, username: string) {
  await openSignedIn(page, username, '/parsers');
  await page.getByRole('link', { name: 'New parser' }).click();
  const form = page.getByRole('form', { name: 'New parser' });
  await expect(form).toBeVisible();
  return form.getByRole('combobox', { name: /Shop/ });
}

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The options the typeahead offers for `text` (none: its empty answer), once they follow the text. */
async function offered(page: Page, shop: ReturnType<Page['getByRole']>, text: string) {
  await shop.fill(text);
  // The typeahead's list only: the form's native selects have options too.
  const options = page.getByRole('listbox', { name: 'Shop' }).getByRole('option');
  await expect
    .poll(async () => {
      if (await page.getByText('No shop matches').isVisible()) return true;
      const texts = await options.allTextContents();
      return texts.length > 0 && texts.every((o) => plain(o).includes(plain(text)));
    })
    .toBe(true);
  return options.allTextContents();
}

for (const [username, own] of [
  ['analyst', 'albert'],
  ['netadmin', 'billa'],
] as const) {
  test(`${username} is offered only its own chain's shops, not the other chains it sees`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const chains = await visibleChains(request, username);
    expect(chains.size).toBeGreaterThan(1);
    const shop = await openNewParser(page, username);
    const ownName = chains.get(own)!.name;
    const mine = await offered(page, shop, ownName);
    expect(mine.length).toBe(Math.min(chains.get(own)!.shops, 50));
    for (const o of mine) expect(o.startsWith(`${ownName} · `)).toBe(true);
    for (const [code, chain] of chains) {
      if (code === own) continue;
      expect({ chain: chain.name, offered: await offered(page, shop, chain.name) }).toEqual({ chain: chain.name, offered: [] });
    }
    // Anything typed: only the own chain's shops.
    for (const text of ['a', 'e', 'o', ' ']) for (const o of await offered(page, shop, text)) expect(o.startsWith(`${ownName} · `)).toBe(true);
  });
}

test('the provider is offered every chain’s shops', async ({ page, request }) => {
  test.setTimeout(120_000);
  const chains = await visibleChains(request, 'operator');
  expect(chains.size).toBeGreaterThan(3);
  const shop = await openNewParser(page, 'operator');
  for (const [, chain] of chains) {
    const got = await offered(page, shop, `${chain.name} · `);
    expect({ chain: chain.name, offered: got.length }).toEqual({ chain: chain.name, offered: Math.min(chain.shops, 50) });
  }
});
