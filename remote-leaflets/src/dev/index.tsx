// Development only: runs this remote's screens alone, inside the same shared providers as the host.
import { startDevApp } from '@pricewatch/shared/dev';
import LeafletScreen from '../screens/leaflet-screen';
import PromoAnalysisScreen from '../screens/promo-analysis-screen';

void startDevApp([
  { path: 'leaflet', labelKey: 'areas.leaflet.title', Component: LeafletScreen },
  { path: 'promo-analysis', labelKey: 'areas.promoAnalysis.title', Component: PromoAnalysisScreen },
]);
