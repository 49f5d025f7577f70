import { screen } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import LeafletScreen from '../src/screens/leaflet-screen';
import PromoAnalysisScreen from '../src/screens/promo-analysis-screen';

// The exposed screens (docs/conventions.md), rendered as the host renders them: plain components.
// A fresh object per render: initI18nForTests keeps the object it is given as i18next's store and
// empties it when called again.
const resources = () => ({
  en: {
    translation: {
      areas: {
        leaflet: { title: 'Leaflet', description: 'What the Leaflet area is for.' },
        promoAnalysis: { title: 'Promo analysis', description: 'What the Promo analysis area is for.' },
      },
    },
  },
});

describe('remote leaflets: exposed screens', () => {
  it('Leaflet shows its translated title and description', () => {
    renderWithProviders(<LeafletScreen />, { user: makeUser(), resources: resources() });
    expect(screen.getByRole('heading', { name: 'Leaflet' })).toBeInTheDocument();
    expect(screen.getByText('What the Leaflet area is for.')).toBeInTheDocument();
  });

  it('PromoAnalysis shows its translated title and description', () => {
    renderWithProviders(<PromoAnalysisScreen />, { user: makeUser(), resources: resources() });
    expect(screen.getByRole('heading', { name: 'Promo analysis' })).toBeInTheDocument();
    expect(screen.getByText('What the Promo analysis area is for.')).toBeInTheDocument();
  });
});
