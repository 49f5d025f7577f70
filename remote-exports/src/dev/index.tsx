// Development only: runs this remote's screens alone, inside the same shared providers as the host.
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadDeployment } from '@pricewatch/shared/deployment';
import { initI18n } from '@pricewatch/shared/i18n';
import { Toaster, UiProvider } from '@pricewatch/shared/ui';
import { DevApp, type DevScreen } from '@pricewatch/shared/dev';
import ReportAnalyticsScreen from '../screens/report-analytics-screen';
import AnalyticsScreen from '../screens/analytics-screen';
import ProductListScreen from '../screens/product-list-screen';
import ProductCardScreen from '../screens/product-card-screen';

const screens: DevScreen[] = [
  { path: 'report-analytics', labelKey: 'areas.reportAnalytics.title', Component: ReportAnalyticsScreen },
  { path: 'analytics', labelKey: 'areas.analytics.title', Component: AnalyticsScreen },
  { path: 'product', labelKey: 'areas.productList.title', Component: ProductListScreen },
  { path: 'product/:id', labelKey: 'areas.productCard.title', Component: ProductCardScreen },
];

async function start() {
  const deployment = await loadDeployment();
  await initI18n({ languages: deployment.languages, defaultLanguage: deployment.defaultLanguage });
  createRoot(document.getElementById('root')!).render(
    <BrowserRouter>
      <UiProvider>
        <DevApp screens={screens} />
        <Toaster />
      </UiProvider>
    </BrowserRouter>,
  );
}

void start();
