import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import { ProductPicker, type PickedProduct } from '../src/features/alarms/components/product-picker';

// Issue 18 item 4: the alarm's product is found and picked with the keyboard alone.
const en = JSON.parse(readFileSync(join(__dirname, '..', 'public', 'i18n', 'en.json'), 'utf8'));
const MILK = { _id: '5', name: 'Milk 1 l', ean: '4820000000017', article: '1001' };
const KEFIR = { _id: '6', name: 'Kefir 1 l', ean: '4820000000024', article: '1002' };

let server: LocalApiServer;
beforeAll(async () => {
  server = await startLocalApiServer();
  server.on('GET /products/search', { json: { success: true, data: [MILK, KEFIR] } });
});
afterAll(() => server.close());

function Picker() {
  const [picked, setPicked] = useState<PickedProduct[]>([]);
  return (
    <>
      <label htmlFor="p">Product</label>
      <ProductPicker id="p" single picked={picked} onChange={setPicked} />
      <input aria-label="Next field" />
    </>
  );
}

it('is a combobox: the arrows move through the results, Enter picks one, the focus stays in the text box', async () => {
  renderWithProviders(<Picker />, { user: makeUser(), resources: { en: { alarms: en } }, deployment: { apiServers: [server.url] } });
  const user = userEvent.setup();
  const search = screen.getByRole('combobox', { name: 'Product' });
  await user.click(search);
  await user.keyboard('1 l');
  expect(await screen.findAllByRole('option')).toHaveLength(2);
  const results = screen.getByRole('listbox');
  expect(search).toHaveAttribute('aria-controls', results.id);
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(search).toHaveFocus();
  const kefir = within(results).getByRole('option', { name: /Kefir/ });
  expect(search).toHaveAttribute('aria-activedescendant', kefir.id);
  expect(kefir).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowUp}{Enter}');
  expect(screen.getByTestId('picked-products')).toHaveTextContent('Milk 1 l');
  expect(search).toHaveFocus();
  // One Tab stop for the whole list: Tab goes on to the next field.
  await user.keyboard('1 l');
  await screen.findAllByRole('option');
  await user.tab();
  expect(screen.getByRole('textbox', { name: 'Next field' })).toHaveFocus();
});
