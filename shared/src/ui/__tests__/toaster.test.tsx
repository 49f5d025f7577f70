import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { Toaster, toaster } from '../toaster';

describe('Toaster', () => {
  it('places toasts bottom-end (spec "Toast position bottom-right")', () => {
    expect(toaster.attrs.placement).toBe('bottom-end');
  });

  it('shows a created toast with its title and description', async () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toaster.create({ title: 'Export requested', description: 'The file will be ready soon', type: 'success' });
    });
    expect(await screen.findByText('Export requested')).toBeInTheDocument();
    expect(screen.getByText('The file will be ready soon')).toBeInTheDocument();
    act(() => toaster.dismiss());
    await waitFor(() => expect(screen.queryByText('Export requested')).not.toBeInTheDocument());
  });

  it("names its region and the close button in the user's language", async () => {
    renderWithProviders(<Toaster />, {
      language: 'ru',
      resources: { ru: { translation: { toaster: { label: 'Уведомления', close: 'Закрыть уведомление' } } } },
    });
    act(() => {
      toaster.create({ title: 'Готово', type: 'success', closable: true });
    });
    expect(await screen.findByRole('region', { name: 'Уведомления' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Закрыть уведомление' })).toBeInTheDocument();
    act(() => toaster.dismiss());
  });
});
