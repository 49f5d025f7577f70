import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing';
import { Pager } from '../pager';

const resources = {
  en: {
    translation: {
      table: {
        range: '{{from}}–{{to}} of {{total}}',
        pageOf: 'Page {{page}} of {{pages}}',
        previousPage: 'Previous page',
        nextPage: 'Next page',
        rowsPerPage: 'Rows per page',
        pages: 'Pages',
      },
    },
  },
};

describe('Pager', () => {
  it('shows the range with grouped numbers and moves between pages', async () => {
    const onPageChange = jest.fn();
    renderWithProviders(<Pager pageIndex={1} pageSize={30} total={2345} onPageChange={onPageChange} />, { resources });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByText('31–60 of 2,345')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 79')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange.mock.calls).toEqual([[0], [2]]);
  });

  it('offers the page sizes when it may change them', async () => {
    const onPageSizeChange = jest.fn();
    renderWithProviders(<Pager pageIndex={0} pageSize={30} total={10} onPageChange={() => {}} onPageSizeChange={onPageSizeChange} />, { resources });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '100');
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
  });
});
