import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing';
import { ErrorState } from '../error-state';

const resources = { en: { translation: { common: { retry: 'Try again' } } }, ua: { translation: { common: { retry: 'Повторити' } } } };

describe('ErrorState', () => {
  it('shows the problem as an alert with a translated Retry that calls onRetry', async () => {
    const onRetry = jest.fn();
    renderWithProviders(<ErrorState title="Alarms did not load" message="The server is unavailable" onRetry={onRetry} />, { resources });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Alarms did not load');
    expect(alert).toHaveTextContent('The server is unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('translates the button into the UI language', () => {
    renderWithProviders(<ErrorState title="x" message="y" onRetry={() => {}} />, { resources, language: 'ua' });
    expect(screen.getByRole('button', { name: 'Повторити' })).toBeInTheDocument();
  });

  it('has no Retry without onRetry', () => {
    renderWithProviders(<ErrorState title="Forbidden" message="No access" />, { resources });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds no heading: it sits in areas of any heading level', () => {
    renderWithProviders(<ErrorState title="Forbidden" message="No access" />, { resources });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
