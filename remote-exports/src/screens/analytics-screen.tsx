import { AreaPlaceholder } from '@pricewatch/shared/ui';

/** The Analytics area; its real screen comes later — until then it names the area and what it will do. */
export default function AnalyticsScreen() {
  return <AreaPlaceholder titleKey="areas.analytics.title" descriptionKey="areas.analytics.description" />;
}
