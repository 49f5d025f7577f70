import { Text } from '@chakra-ui/react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { AreaPlaceholder } from '@pricewatch/shared/ui';
import { useProductSearchText } from './use-product-search-text';

export default function ProductListScreen() {
  const { t } = useTranslation();
  const search = useProductSearchText();
  return (
    <>
      <AreaPlaceholder titleKey="areas.productList.title" descriptionKey="areas.productList.description" />
      {search && (
        <Text mt="4" data-testid="product-search-text">
          {t('areas.productList.searchFor', { text: search })}
        </Text>
      )}
    </>
  );
}
