import { screen } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import AlarmsScreen from '../src/screens/alarms-screen';

// The exposed screens (docs/conventions.md), rendered as the host renders them: plain components.
// A fresh object per render: initI18nForTests keeps the object it is given as i18next's store and
// empties it when called again.
const resources = () => ({
  en: {
    translation: {
      areas: {
        alarms: { title: 'Alarms', description: 'What the Alarms area is for.' },
      },
    },
  },
});

describe('remote alarms: exposed screens', () => {
  it('Alarms shows its translated title and description', () => {
    renderWithProviders(<AlarmsScreen />, { user: makeUser(), resources: resources() });
    expect(screen.getByRole('heading', { name: 'Alarms' })).toBeInTheDocument();
    expect(screen.getByText('What the Alarms area is for.')).toBeInTheDocument();
  });
});
