import { Box, DataList, Flex, Image } from '@chakra-ui/react';
import type { Product } from '@pricewatch/shared/contract';
import { Panel } from '../../../components/panel';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { productSize } from './product-size';

/** The product's attributes: codes, brand, section, size, description, and its picture when there is one. */
export function ProductDetails({ product }: { product: Product }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const items: [string, React.ReactNode][] = [
    [
      t('productCard.attributes.ean'),
      <Box as="span" fontFamily="mono">
        {product.ean ?? '—'}
      </Box>,
    ],
    [
      t('productCard.attributes.article'),
      <Box as="span" fontFamily="mono">
        {product.article ?? '—'}
      </Box>,
    ],
    [t('productCard.attributes.brand'), product.brand ?? '—'],
    [t('productCard.attributes.section'), [product.section, product.category].filter(Boolean).join(' › ') || '—'],
    [t('productCard.attributes.size'), productSize(product, t, f)],
    [t('productCard.attributes.country'), t(`countries.${product.country}`, { defaultValue: product.country.toUpperCase() })],
    [t('productCard.attributes.description'), product.description ?? '—'],
  ];
  return (
    <Panel title={t('productCard.attributes.title')} headingId="product-attributes">
      <Flex gap="5" align="flex-start" direction={{ base: 'column', sm: 'row' }}>
        {product.image && (
          <Image src={product.image} alt={product.name} boxSize="7.5rem" objectFit="contain" borderWidth="1px" borderRadius="md" bg="white" flex="none" />
        )}
        <DataList.Root orientation="horizontal" size="sm" flex="1" aria-labelledby="product-attributes">
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="7rem">{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Flex>
    </Panel>
  );
}
