import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { PageHeader } from '../page-header';

describe('PageHeader', () => {
  it('renders the page heading, description and actions', () => {
    renderWithProviders(<PageHeader title="Alarms" description="Price alarms of your shops" actions={<button>Add alarm</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Alarms' })).toBeInTheDocument();
    expect(screen.getByText('Price alarms of your shops')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add alarm' })).toBeInTheDocument();
  });

  it('leaves out what it was not given', () => {
    renderWithProviders(<PageHeader title="Parsers" />);
    expect(screen.getByRole('banner').textContent).toBe('Parsers');
  });
});
