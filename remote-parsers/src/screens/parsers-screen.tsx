import { AreaPlaceholder } from '@pricewatch/shared/ui';

/** The Parsers area; its real screen comes later — until then it names the area and what it will do. */
export default function ParsersScreen() {
  return <AreaPlaceholder titleKey="areas.parsers.title" descriptionKey="areas.parsers.description" />;
}
