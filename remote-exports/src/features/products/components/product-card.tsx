import { Badge, Box, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, LoadingState, PageHeader } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { useErrorText } from '../../../lib/error-text';
import { useExportsTranslation } from '../../../lib/i18n';
import { useProduct } from '../api/get-product';
import { useProductPrices } from '../api/get-product-prices';
import { CurrentPrices, PriceOverview } from './current-prices';
import { PriceHistory } from './price-history';
import { ProductDetails } from './product-details';
import { SimilarProducts } from './similar-products';

function BackLink() {
  const { t } = useExportsTranslation();
  return (
    <Link asChild fontSize="sm" color="brand.fg">
      <RouterLink to="/product">← {t('productCard.back')}</RouterLink>
    </Link>
  );
}

/**
 * The product card (route /product/{id}): attributes, current prices in every shop, price history
 * with its table, similar products. An unknown id shows the server's translated "not found" and the
 * way back to the list.
 */
export function ProductCard() {
  const { t } = useExportsTranslation();
  const errorText = useErrorText();
  const { id = '' } = useParams();
  const product = useProduct(id);
  const current = product.data && product.data._id === id ? product.data : undefined;
  // Asked with the product, not after it: the card's two slow parts load side by side.
  const loadedPrices = useProductPrices(id, !product.error);
  // Kept while the next product's prices load; never shown under another product.
  const prices = loadedPrices.data && loadedPrices.data.product._id !== id ? { ...loadedPrices, data: undefined } : loadedPrices;

  if (product.error) {
    const missing = product.error.status === 404 || product.error.status === 400;
    return (
      <Stack gap="4">
        <BackLink />
        {missing ? (
          <Box bg="bg" borderWidth="1px" borderRadius="lg" role="alert">
            <EmptyState
              title={t('productCard.notFound')}
              description={errorText(product.error)}
              action={
                <Link asChild color="brand.fg" fontWeight="medium">
                  <RouterLink to="/product">{t('productCard.backToList')}</RouterLink>
                </Link>
              }
            />
          </Box>
        ) : (
          <LoadError title={t('productCard.loadError')} error={product.error} onRetry={product.reload} />
        )}
      </Stack>
    );
  }
  if (!current) return <LoadingState />;

  return (
    <Stack gap="5">
      <BackLink />
      <PageHeader
        title={current.name}
        description={
          <HStack as="span" gap="2" wrap="wrap">
            {current.brand && <Badge variant="subtle">{current.brand}</Badge>}
            {current.section && <Badge variant="outline">{current.section}</Badge>}
            {current.ean && (
              <Text as="span" fontFamily="mono" fontSize="sm">
                EAN {current.ean}
              </Text>
            )}
          </HStack>
        }
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="stretch">
        <ProductDetails product={current} />
        <PriceOverview prices={prices} />
      </SimpleGrid>
      <CurrentPrices prices={prices} />
      <PriceHistory key={`history-${current._id}`} productId={current._id} />
      <SimilarProducts key={`similar-${current._id}`} product={current} />
    </Stack>
  );
}
