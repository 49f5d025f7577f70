import { AreaPlaceholder } from '@pricewatch/shared/ui';

/** The Leaflet area; its real screen comes later — until then it names the area and what it will do. */
export default function LeafletScreen() {
  return <AreaPlaceholder titleKey="areas.leaflet.title" descriptionKey="areas.leaflet.description" />;
}
