import { AreaPlaceholder } from '@pricewatch/shared/ui';

/** The Alarms area; its real screen comes later — until then it names the area and what it will do. */
export default function AlarmsScreen() {
  return <AreaPlaceholder titleKey="areas.alarms.title" descriptionKey="areas.alarms.description" />;
}
