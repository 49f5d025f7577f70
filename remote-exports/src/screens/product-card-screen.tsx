import { useParams } from 'react-router-dom';
import { Text } from '@chakra-ui/react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { AreaPlaceholder } from '@pricewatch/shared/ui';

export default function ProductCardScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <>
      <AreaPlaceholder titleKey="areas.productCard.title" descriptionKey="areas.productCard.description" />
      <Text mt="4" data-testid="product-id">
        {t('areas.productCard.productId', { id })}
      </Text>
    </>
  );
}
