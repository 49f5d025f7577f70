import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { LoadingState } from '../loading-state';

describe('LoadingState', () => {
  it('announces the translated loading text as a status', () => {
    renderWithProviders(<LoadingState />, { resources: { en: { translation: { common: { loading: 'Loading…' } } } } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('takes a specific label', () => {
    renderWithProviders(<LoadingState label="Loading prices" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading prices');
  });
});
