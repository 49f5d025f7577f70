import { AreaPlaceholder } from '@pricewatch/shared/ui';

/** The NetworkUsers area; its real screen comes later — until then it names the area and what it will do. */
export default function NetworkUsersScreen() {
  return <AreaPlaceholder titleKey="areas.networkUsers.title" descriptionKey="areas.networkUsers.description" />;
}
