import { Analytics } from '../features/analytics/components/analytics';

/** Exposed as ./Analytics (route /analytics). */
export default function AnalyticsScreen() {
  return <Analytics />;
}
