import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../testing';
import { DataTable } from '../data-table';
import { dataColumnHelper, type DataColumnDef } from '../features';
import type { SortingState } from '@tanstack/react-table';

type Row = { id: string; name: string; price: number };
const col = dataColumnHelper<Row>();
const columns: DataColumnDef<Row>[] = col.columns([
  col.accessor('name', { header: 'Name', sortFn: 'text' }),
  col.accessor('price', { header: 'Price', meta: { numeric: true }, cell: (c) => c.getValue().toFixed(2) }),
  col.display({ id: 'note', header: 'Note', cell: () => '—' }),
]);
const rows: Row[] = [
  { id: '1', name: 'Milk', price: 39.9 },
  { id: '2', name: 'Butter', price: 89.5 },
  { id: '3', name: 'Apples', price: 24 },
];
const resources = {
  en: {
    translation: {
      table: {
        noRows: 'No rows',
        range: '{{from}}–{{to}} of {{total}}',
        pageOf: 'Page {{page}} of {{pages}}',
        previousPage: 'Previous page',
        nextPage: 'Next page',
        rowsPerPage: 'Rows per page',
        pages: 'Pages',
        pagesOf: '{{name}}: pages',
      },
    },
  },
};

const bodyTexts = (table: HTMLElement, column: number) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[column]!.textContent);

describe('DataTable', () => {
  it('renders the rows under an accessible name, figures right-aligned', () => {
    renderWithProviders(<DataTable label="Prices" columns={columns} data={rows} getRowId={(r) => r.id} />, { resources });
    const table = screen.getByRole('table', { name: 'Prices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Price', 'Note']);
    expect(bodyTexts(table, 1)).toEqual(['39.90', '89.50', '24.00']);
    expect(within(table).getByRole('cell', { name: '39.90' })).toHaveStyle({ textAlign: 'end' });
  });

  it('sorts its own rows when a header is clicked, and says so with aria-sort', async () => {
    renderWithProviders(<DataTable label="Prices" columns={columns} data={rows} />, { resources });
    const table = screen.getByRole('table', { name: 'Prices' });
    const price = within(table).getByRole('columnheader', { name: /price/i });
    expect(price).toHaveAttribute('aria-sort', 'none');
    // Display columns cannot be sorted: no aria-sort, no button.
    expect(within(table).getByRole('columnheader', { name: 'Note' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(price).getByRole('button'));
    const firstDirection = price.getAttribute('aria-sort');
    const firstOrder = bodyTexts(table, 1);
    await userEvent.click(within(price).getByRole('button'));
    const secondDirection = price.getAttribute('aria-sort');
    const secondOrder = bodyTexts(table, 1);
    // Two clicks give both directions (no "unsorted" step), each ordering the figures.
    expect([firstDirection, secondDirection].sort()).toEqual(['ascending', 'descending']);
    const ascending = firstDirection === 'ascending' ? firstOrder : secondOrder;
    const descending = firstDirection === 'ascending' ? secondOrder : firstOrder;
    expect(ascending).toEqual(['24.00', '39.90', '89.50']);
    expect(descending).toEqual(['89.50', '39.90', '24.00']);
  });

  it('hands sorting to the server when onSortingChange is given, keeping the rows as they came', async () => {
    const seen: SortingState[] = [];
    function Server() {
      const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
      return (
        <DataTable
          label="Prices"
          columns={columns}
          data={rows}
          sorting={sorting}
          onSortingChange={(s) => {
            seen.push(s);
            setSorting(s);
          }}
        />
      );
    }
    renderWithProviders(<Server />, { resources });
    const table = screen.getByRole('table', { name: 'Prices' });
    expect(within(table).getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(within(table).getByRole('columnheader', { name: /name/i })).getByRole('button'));
    expect(seen).toEqual([[{ id: 'name', desc: true }]]);
    expect(within(table).getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'descending');
    // Manual sorting: the order is the server's.
    expect(bodyTexts(table, 0)).toEqual(['Milk', 'Butter', 'Apples']);
  });

  it('pages its own rows with a pager when given a page size', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: String(i), name: `Item ${i + 1}`, price: i }));
    renderWithProviders(<DataTable label="Items" columns={columns} data={many} pageSize={10} />, { resources });
    const table = screen.getByRole('table', { name: 'Items' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    expect(bodyTexts(table, 0)[0]).toBe('Item 11');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('marks highlighted rows and shows the empty text without rows', () => {
    const { unmount } = renderWithProviders(<DataTable label="Prices" columns={columns} data={rows} isHighlighted={(r) => r.price < 30} />, { resources });
    const highlighted = screen.getAllByRole('row').filter((r) => r.hasAttribute('data-highlighted'));
    expect(highlighted).toHaveLength(1);
    expect(highlighted[0]).toHaveTextContent('Apples');
    unmount();
    renderWithProviders(<DataTable label="Prices" columns={columns} data={[]} />, { resources });
    expect(screen.getByRole('cell', { name: 'No rows' })).toBeInTheDocument();
  });
});
