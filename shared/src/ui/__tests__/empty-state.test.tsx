import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { EmptyState } from '../empty-state';

describe('EmptyState', () => {
  it('says there is nothing and offers the action', () => {
    renderWithProviders(
      <EmptyState title="No alarms yet" description="Set one on a product card" icon={<span data-testid="icon" />} action={<button>Find a product</button>} />,
    );
    expect(screen.getByText('No alarms yet')).toBeInTheDocument();
    expect(screen.getByText('Set one on a product card')).toBeInTheDocument();
    expect(screen.getByTestId('icon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find a product' })).toBeInTheDocument();
  });

  it('works with a title alone', () => {
    renderWithProviders(<EmptyState title="Nothing found" />);
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds no heading: it sits in areas of any heading level', () => {
    renderWithProviders(<EmptyState title="Nothing found" />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
