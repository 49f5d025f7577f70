import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { AreaPlaceholder } from '../area-placeholder';

const resources = {
  en: { translation: { menu: { parsers: 'Parsers' }, placeholder: { parsers: 'Scraper runs and their problems will appear here.' } } },
  ru: { translation: { menu: { parsers: 'Парсеры' }, placeholder: { parsers: 'Здесь появятся запуски парсеров.' } } },
};

describe('AreaPlaceholder', () => {
  it('shows the translated title as the page heading and the description', () => {
    renderWithProviders(<AreaPlaceholder titleKey="menu.parsers" descriptionKey="placeholder.parsers" />, { resources });
    expect(screen.getByRole('heading', { level: 1, name: 'Parsers' })).toBeInTheDocument();
    expect(screen.getByText('Scraper runs and their problems will appear here.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Parsers' })).toBeInTheDocument();
  });

  it('follows the UI language', () => {
    renderWithProviders(<AreaPlaceholder titleKey="menu.parsers" descriptionKey="placeholder.parsers" />, { resources, language: 'ru' });
    expect(screen.getByRole('heading', { name: 'Парсеры' })).toBeInTheDocument();
  });
});
