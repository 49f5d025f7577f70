import { AreaPlaceholder } from '@pricewatch/shared/ui';

/** The PromoAnalysis area; its real screen comes later — until then it names the area and what it will do. */
export default function PromoAnalysisScreen() {
  return <AreaPlaceholder titleKey="areas.promoAnalysis.title" descriptionKey="areas.promoAnalysis.description" />;
}
