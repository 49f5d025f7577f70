import { screen } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import ParsersScreen from '../src/screens/parsers-screen';

// The exposed screens (docs/conventions.md), rendered as the host renders them: plain components.
// A fresh object per render: initI18nForTests keeps the object it is given as i18next's store and
// empties it when called again.
const resources = () => ({
  en: {
    translation: {
      areas: {
        parsers: { title: 'Parsers', description: 'What the Parsers area is for.' },
      },
    },
  },
});

describe('remote parsers: exposed screens', () => {
  it('Parsers shows its translated title and description', () => {
    renderWithProviders(<ParsersScreen />, { user: makeUser(), resources: resources() });
    expect(screen.getByRole('heading', { name: 'Parsers' })).toBeInTheDocument();
    expect(screen.getByText('What the Parsers area is for.')).toBeInTheDocument();
  });
});
