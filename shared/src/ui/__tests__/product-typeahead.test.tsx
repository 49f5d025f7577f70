import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, renderWithProviders } from '../../testing';
import { startLocalApiServer, type LocalApiServer } from '../../testing/local-api-server';
import { ProductTypeahead } from '../product-typeahead';

// Against a real HTTP server (the product's fetch path): what went out, and what the user can do.
const MILK = { _id: '5', name: 'Milk 1 l', ean: '4820000000017', article: '1001' };
const KEFIR = { _id: '6', name: 'Kefir 1 l', ean: '4820000000024', article: '1002' };

let server: LocalApiServer;
beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.on('GET /products/search', { json: { success: true, data: [MILK, KEFIR] } });
});

/** The search parameters each request carried (the token travels too, spec §8). */
const searches = () =>
  server.received.filter((r) => r.path === '/products/search').map((r) => Object.fromEntries([...r.query].filter(([name]) => name !== 'token')));

function renderTypeahead(onPick = jest.fn(), afterPick?: 'close' | 'clear' | 'keep') {
  renderWithProviders(
    <>
      <label htmlFor="p">Product</label>
      <ProductTypeahead id="p" onPick={onPick} afterPick={afterPick} resultsLabel="Found products" loadingText="Searching…" />
      <input aria-label="Next field" />
    </>,
    { user: makeUser(), deployment: { apiServers: [server.url] } },
  );
  return screen.getByRole('combobox', { name: 'Product' });
}

it('searches once the typing pauses: one request for the last text, by name', async () => {
  const box = renderTypeahead();
  for (const text of ['m', 'mi', 'mil', 'milk']) fireEvent.change(box, { target: { value: text } });
  expect(await screen.findAllByRole('option')).toHaveLength(2);
  expect(searches()).toEqual([{ name: 'milk', limit: '20' }]);
});

it('searches digits as an article and EAN at once (spec §5)', async () => {
  const box = renderTypeahead();
  fireEvent.change(box, { target: { value: '$4820000000017' } });
  await screen.findAllByRole('option');
  expect(searches()).toEqual([{ article: '4820000000017', ean: '4820000000017', limit: '20' }]);
});

it('does not search one letter', async () => {
  const box = renderTypeahead();
  fireEvent.change(box, { target: { value: 'm' } });
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
});

it('is a combobox: the arrows move through the results, Enter picks, the focus stays, Tab leaves the list', async () => {
  const onPick = jest.fn();
  const box = renderTypeahead(onPick, 'clear');
  const user = userEvent.setup();
  await user.click(box);
  await user.keyboard('1 l');
  // While the answer is on its way the list says so.
  expect(await screen.findAllByRole('option')).toHaveLength(2);
  const results = screen.getByRole('listbox', { name: 'Found products' });
  expect(box).toHaveAttribute('aria-controls', results.id);
  expect(box).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(box).toHaveFocus();
  const kefir = within(results).getByRole('option', { name: /Kefir/ });
  expect(box).toHaveAttribute('aria-activedescendant', kefir.id);
  expect(kefir).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}'); // stays on the last one
  expect(box).toHaveAttribute('aria-activedescendant', kefir.id);
  await user.keyboard('{ArrowUp}{Enter}');
  expect(onPick).toHaveBeenCalledWith(MILK);
  expect(box).toHaveValue('');
  expect(box).toHaveFocus();
  await user.keyboard('1 l');
  await screen.findAllByRole('option');
  await user.tab();
  expect(screen.getByRole('textbox', { name: 'Next field' })).toHaveFocus();
});

it('Escape closes the list and keeps the text; a click picks', async () => {
  const onPick = jest.fn();
  const box = renderTypeahead(onPick);
  const user = userEvent.setup();
  await user.click(box);
  await user.keyboard('kefir');
  await screen.findAllByRole('option');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(box).toHaveValue('kefir');
  await user.keyboard('{Backspace}');
  await user.click(await screen.findByRole('option', { name: /Kefir/ }));
  expect(onPick).toHaveBeenCalledWith(KEFIR);
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(box).toHaveValue('kefi');
});

it('shows no results when the search fails, and the box still works', async () => {
  server.on('GET /products/search', { status: 503, json: { success: false, error: { code: 'service_unavailable', message: 'service_unavailable' } } });
  const box = renderTypeahead();
  fireEvent.change(box, { target: { value: 'milk' } });
  expect(await screen.findByText('Searching…')).toBeInTheDocument();
  await screen.findByRole('combobox', { expanded: false });
  server.on('GET /products/search', { json: { success: true, data: [MILK] } });
  fireEvent.change(box, { target: { value: 'milk 1' } });
  expect(await screen.findAllByRole('option')).toHaveLength(1);
});

it('says so when nothing is found, if given the words', async () => {
  server.on('GET /products/search', { json: { success: true, data: [] } });
  renderWithProviders(<ProductTypeahead id="p" onPick={jest.fn()} resultsLabel="Found products" emptyText="No products found" />, {
    user: makeUser(),
    deployment: { apiServers: [server.url] },
  });
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zzz' } });
  expect(await screen.findByRole('status')).toHaveTextContent('No products found');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
});
