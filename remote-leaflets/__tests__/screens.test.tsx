import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

const leafletsEn = () => JSON.parse(readFileSync(join(__dirname, '..', 'public', 'i18n', 'en.json'), 'utf8'));

describe('remote leaflets: exposed screens', () => {
  // The Leaflet screen is /leaflet: the list without ?id= (leaflet-list tests), one leaflet with a
  // numeric ?id= (leaflet-view.test.tsx, against a real HTTP server); here what needs no server.
  it('Leaflet with an id that is not a number says "not found" in words, with the way back to the list', () => {
    renderWithProviders(<LeafletScreen />, { route: '/leaflet?id=abc', user: makeUser(), resources: { en: { ...resources().en, leaflets: leafletsEn() } } });
    expect(screen.getByText('Leaflet not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leaflets' })).toHaveAttribute('href', '/leaflet');
  });

  // The PromoAnalysis screen against a server: promo-analysis.test.tsx; here what needs no server.
  it('PromoAnalysis in the Czech deployment says it is not available there, in words', () => {
    renderWithProviders(<PromoAnalysisScreen />, { user: makeUser(), resources: { en: { ...resources().en, leaflets: leafletsEn() } } });
    expect(screen.getByRole('heading', { name: 'Promo analysis' })).toBeInTheDocument();
    expect(screen.getByText('Promo analysis is not available')).toBeInTheDocument();
  });

  it('PromoAnalysis is refused in words to a network user without leaflets', () => {
    const user = makeUser({ network: { _id: '9', code: 'metro', name: 'Metro', isProduct: false, leaflet: false } as never });
    renderWithProviders(<PromoAnalysisScreen />, { user, resources: { en: { ...resources().en, leaflets: leafletsEn() } }, deployment: { country: 'pl' } });
    expect(screen.getByText('Promo analysis is not available')).toBeInTheDocument();
  });
});
