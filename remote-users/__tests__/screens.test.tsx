import { screen } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import NetworkUsersScreen from '../src/screens/network-users-screen';

// The exposed screens (docs/conventions.md), rendered as the host renders them: plain components.
// A fresh object per render: initI18nForTests keeps the object it is given as i18next's store and
// empties it when called again.
const resources = () => ({
  en: {
    translation: {
      areas: {
        networkUsers: { title: 'Users', description: 'What the Users area is for.' },
      },
    },
  },
});

describe('remote users: exposed screens', () => {
  it('NetworkUsers shows its translated title and description', () => {
    renderWithProviders(<NetworkUsersScreen />, { user: makeUser(), resources: resources() });
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('What the Users area is for.')).toBeInTheDocument();
  });
});
