import { Box, Flex, Tag } from '@chakra-ui/react';
import { ProductTypeahead } from '@pricewatch/shared/ui';
import { useAlarmsTranslation } from '../../../lib/i18n';

export type PickedProduct = { _id: string; name: string; ean: string | null };

/**
 * Finds products by name, EAN or article (the catalogue's search) and picks one (`single`) or several:
 * the shared combobox, with the picked products as tags above it.
 */
export function ProductPicker({
  picked,
  onChange,
  single,
  id,
}: {
  picked: PickedProduct[];
  onChange: (p: PickedProduct[]) => void;
  single?: boolean;
  id: string;
}) {
  const { t } = useAlarmsTranslation();
  return (
    <Box>
      {picked.length > 0 && (
        <Flex gap="1" wrap="wrap" mb="2" data-testid="picked-products">
          {picked.map((p) => (
            <Tag.Root key={p._id} size="md">
              <Tag.Label>
                {p.name}
                {p.ean ? ` · ${p.ean}` : ''}
              </Tag.Label>
              {!single && (
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label={t('form.removeProduct', { name: p.name })} onClick={() => onChange(picked.filter((x) => x._id !== p._id))} />
                </Tag.EndElement>
              )}
            </Tag.Root>
          ))}
        </Flex>
      )}
      <ProductTypeahead
        id={id}
        placeholder={t('form.searchProduct')}
        resultsLabel={t('form.productResults')}
        loadingText={t('loading')}
        // One product: the box empties for the next field; several: the results stay to pick more.
        afterPick={single ? 'clear' : 'keep'}
        onPick={(p) => {
          const item = { _id: p._id, name: p.name, ean: p.ean };
          onChange(single ? [item] : picked.some((x) => x._id === p._id) ? picked : [...picked, item]);
        }}
      />
    </Box>
  );
}
