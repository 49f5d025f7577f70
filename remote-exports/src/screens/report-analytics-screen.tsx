import { ReportAnalytics } from '../features/report-analytics/components/report-analytics';

/** Exposed as ./ReportAnalytics (route /report-analytics): unloading prices. */
export default function ReportAnalyticsScreen() {
  return <ReportAnalytics />;
}
