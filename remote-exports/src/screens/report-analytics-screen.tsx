import { AreaPlaceholder } from '@pricewatch/shared/ui';

/** The ReportAnalytics area; its real screen comes later — until then it names the area and what it will do. */
export default function ReportAnalyticsScreen() {
  return <AreaPlaceholder titleKey="areas.reportAnalytics.title" descriptionKey="areas.reportAnalytics.description" />;
}
