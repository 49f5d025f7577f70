// Development only: runs this remote's screens alone, inside the same shared providers as the host.
import { startDevApp } from '@pricewatch/shared/dev';
import ReportAnalyticsScreen from '../screens/report-analytics-screen';
import AnalyticsScreen from '../screens/analytics-screen';
import ProductListScreen from '../screens/product-list-screen';
import ProductCardScreen from '../screens/product-card-screen';

void startDevApp([
  { path: 'report-analytics', labelKey: 'areas.reportAnalytics.title', Component: ReportAnalyticsScreen },
  { path: 'analytics', labelKey: 'areas.analytics.title', Component: AnalyticsScreen },
  { path: 'product', labelKey: 'areas.productList.title', Component: ProductListScreen },
  { path: 'product/:id', labelKey: 'areas.productCard.title', Component: ProductCardScreen },
]);
