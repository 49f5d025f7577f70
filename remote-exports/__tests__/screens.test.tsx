import { useEffect } from 'react';
import { screen } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import AnalyticsScreen from '../src/screens/analytics-screen';
import ProductCardScreen from '../src/screens/product-card-screen';
import ProductListScreen from '../src/screens/product-list-screen';
import ReportAnalyticsScreen from '../src/screens/report-analytics-screen';

// The exposed screens (docs/conventions.md), rendered as the host renders them: plain components.
// A fresh object per render: initI18nForTests keeps the object it is given as i18next's store and
// empties it when called again.
const resources = () => ({
  en: {
    translation: {
      areas: {
        reportAnalytics: { title: 'Unloading prices', description: 'Request price exports.' },
        analytics: { title: 'Analytics', description: 'Compare price history.' },
        productList: { title: 'Products', description: 'Find products.', searchFor: 'Search: {{text}}' },
        productCard: { title: 'Product card', description: 'A product.', productId: 'Product {{id}}' },
      },
    },
  },
});
const user = makeUser();

describe('remote exports: exposed screens', () => {
  it('ReportAnalytics shows its translated title and description', () => {
    renderWithProviders(<ReportAnalyticsScreen />, { user, resources: resources() });
    expect(screen.getByRole('heading', { name: 'Unloading prices' })).toBeInTheDocument();
    expect(screen.getByText('Request price exports.')).toBeInTheDocument();
  });

  it('Analytics shows its translated title and description', () => {
    renderWithProviders(<AnalyticsScreen />, { user, resources: resources() });
    expect(screen.getByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByText('Compare price history.')).toBeInTheDocument();
  });

  it('ProductList reads the search from ?q= (search updated in place)', () => {
    renderWithProviders(<ProductListScreen />, { user, resources: resources(), route: '/product?q=milk' });
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByTestId('product-search-text')).toHaveTextContent('Search: milk');
  });

  it('ProductList reads the search from navigation state (searched elsewhere)', async () => {
    function SearchFromElsewhere() {
      const navigate = useNavigate();
      useEffect(() => {
        void navigate('/product', { state: { search: '4820000000017' } });
      }, [navigate]);
      return null;
    }
    renderWithProviders(
      <Routes>
        <Route path="/alarms" element={<SearchFromElsewhere />} />
        <Route path="/product" element={<ProductListScreen />} />
      </Routes>,
      { user, resources: resources(), route: '/alarms' },
    );
    expect(await screen.findByTestId('product-search-text')).toHaveTextContent('Search: 4820000000017');
  });

  it('ProductList without a search shows no search line', () => {
    renderWithProviders(<ProductListScreen />, { user, resources: resources(), route: '/product' });
    expect(screen.queryByTestId('product-search-text')).not.toBeInTheDocument();
  });

  it('ProductCard shows the product id from the route', () => {
    renderWithProviders(<ProductCardScreen />, { user, resources: resources(), route: '/product/42', path: '/product/:id' });
    expect(screen.getByRole('heading', { name: 'Product card' })).toBeInTheDocument();
    expect(screen.getByTestId('product-id')).toHaveTextContent('Product 42');
  });
});
