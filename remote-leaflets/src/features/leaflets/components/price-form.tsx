import { useEffect, useMemo, useRef } from 'react';
import { Controller, useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PROMO_MECHANICS, type Box as PriceBox, type LeafletPrice, type PromoMechanics } from '@pricewatch/shared/contract';
import { isApiError } from '@pricewatch/shared/api';
import { FormField, ProductTypeahead, SelectField } from '@pricewatch/shared/ui';
import { addLeafletPrice, updateLeafletPrice } from '../api/leaflets';
import { useErrorText } from '../../../lib/error-text';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { addBody, changedFields, priceFormSchema, priceFormValues, type PriceDraft, type PriceFormPlace, type PriceFormValues } from './price-form-model';

export { draftOf, type PriceDraft } from './price-form-model';

// Problems of what is not a field of the form: shown in the form's alert.
const PLACE_FIELDS = ['box', 'leafletId', 'pageId', 'leafletPicture'];
const FORM_FIELDS: string[] = [
  'productId',
  'productName',
  'price',
  'oldPrice',
  'discountPct',
  'mechanics',
  'mechanicsText',
] satisfies (keyof PriceFormValues)[];

/**
 * "Add price" (and "Edit price" for a stored one, `draft.priceId`): product (typeahead over the catalogue, or a free name as printed), price, old price,
 * discount %, mechanics. Checked with the contract's schema before sending (a price that is not a
 * number never leaves the browser); the server's field errors are shown next to their fields.
 */
export function PriceForm({
  leafletId,
  pageId,
  draft,
  box,
  onSaved,
  onCancel,
}: {
  leafletId: string;
  pageId: string | null;
  draft: PriceDraft;
  /** Where on the page (drawn on the picture, or the candidate's), if anywhere. */
  box: PriceBox | null;
  onSaved: (price: LeafletPrice) => void;
  onCancel: () => void;
}) {
  const { t } = useLeafletsTranslation();
  const { errorText, messageText } = useErrorText();
  // A form opened by Fix or Edit far down the page (a phone's one column: under the prices and the
  // recognised list) comes into view; one already in view stays where it is.
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const place: PriceFormPlace = useMemo(
    () => ({ leafletId, pageId: pageId ?? null, box: box ?? null, source: draft.source ?? 'manual' }),
    [leafletId, pageId, box, draft.source],
  );
  // The resolver is read at each render, so a box drawn while the form is open is checked and sent.
  const { control, register, handleSubmit, setError, formState } = useForm<PriceFormValues>({
    defaultValues: priceFormValues(draft),
    resolver: zodResolver(priceFormSchema(place)),
  });
  const { field: productName } = useController({ control, name: 'productName' });
  const { field: productId } = useController({ control, name: 'productId' });
  // Problem codes, the form's own and the server's alike, worded by the remote's errors.*.
  const errors = formState.errors as Partial<Record<string, { message?: string }>>;
  const problem = (...fields: string[]) => {
    const message = fields.map((f) => errors[f]?.message).find(Boolean);
    return message ? messageText(message) : undefined;
  };
  const placeProblem = problem(...PLACE_FIELDS);
  const serverProblem = formState.errors.root?.server?.message;

  const save = async (values: PriceFormValues) => {
    try {
      const saved = draft.priceId
        ? await updateLeafletPrice(draft.priceId, changedFields(values, place, draft))
        : await addLeafletPrice(addBody(values, place));
      onSaved(saved);
    } catch (error) {
      // A 400 naming fields: each on its field; anything else in words in the form's alert.
      const named = (isApiError(error) ? (error.fields ?? []) : [])
        .map((f) => ({ path: f.path.split('.')[0] ?? f.path, message: f.message }))
        .filter((f) => FORM_FIELDS.includes(f.path) || PLACE_FIELDS.includes(f.path));
      for (const f of named) setError(f.path as keyof PriceFormValues, { type: 'server', message: f.message });
      if (!named.length) setError('root.server', { type: 'server', message: errorText(error) });
    }
  };

  return (
    <Stack
      as="form"
      ref={formRef}
      // Below the page's sticky header when scrolled to.
      scrollMarginTop="20"
      aria-label={draft.priceId ? t('leaflet.editPrice') : t('leaflet.addPrice')}
      gap="2"
      p="3"
      borderWidth="1px"
      rounded="md"
      bg="bg.subtle"
      onSubmit={(e) => void handleSubmit(save)(e)}
    >
      <Text fontWeight="semibold" fontSize="sm">
        {draft.priceId ? t('leaflet.editPrice') : draft.source === 'recognised' ? t('leaflet.fixPrice') : t('leaflet.addPrice')}
      </Text>
      <FormField size="xs" label={t('leaflet.product')} htmlFor="price-product" error={problem('productName', 'productId')}>
        <ProductTypeahead
          id="price-product"
          overlay
          limit={8}
          text={productName.value}
          onTextChange={(text) => {
            // A typed name is a free name until a product is picked again.
            productName.onChange(text);
            productId.onChange(null);
          }}
          onPick={(p) => {
            productId.onChange(p._id);
            productName.onChange(p.name);
          }}
          placeholder={t('leaflet.productPlaceholder')}
          resultsLabel={t('leaflet.productSuggestions')}
          invalid={!!problem('productName', 'productId')}
        />
        <Text fontSize="xs" color="fg.muted" mt="1" data-testid="price-product-match">
          {productId.value ? t('leaflet.productMatched') : t('leaflet.productFree')}
        </Text>
      </FormField>
      <SimpleGrid columns={3} gap="2">
        <FormField size="xs" label={t('leaflet.price')} htmlFor="price-price" error={problem('price')}>
          <Input id="price-price" size="sm" inputMode="decimal" aria-invalid={!!errors.price || undefined} {...register('price')} />
        </FormField>
        <FormField size="xs" label={t('leaflet.oldPrice')} htmlFor="price-old" error={problem('oldPrice')}>
          <Input id="price-old" size="sm" inputMode="decimal" aria-invalid={!!errors.oldPrice || undefined} {...register('oldPrice')} />
        </FormField>
        <FormField size="xs" label={t('leaflet.discountPct')} htmlFor="price-discount" error={problem('discountPct')}>
          <Input id="price-discount" size="sm" inputMode="decimal" aria-invalid={!!errors.discountPct || undefined} {...register('discountPct')} />
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={2} gap="2">
        <FormField size="xs" label={t('leaflet.mechanics')} htmlFor="price-mechanics" error={problem('mechanics')}>
          <Controller
            control={control}
            name="mechanics"
            render={({ field }) => (
              <SelectField id="price-mechanics" value={field.value} onChange={(v) => field.onChange(v as PromoMechanics)}>
                {PROMO_MECHANICS.map((m) => (
                  <option key={m} value={m}>
                    {t(`mechanics.${m}`)}
                  </option>
                ))}
              </SelectField>
            )}
          />
        </FormField>
        <FormField size="xs" label={t('leaflet.mechanicsText')} htmlFor="price-mechanics-text" error={problem('mechanicsText')}>
          <Input id="price-mechanics-text" size="sm" placeholder="2+1" aria-invalid={!!errors.mechanicsText || undefined} {...register('mechanicsText')} />
        </FormField>
      </SimpleGrid>
      {box && (
        <Text fontSize="xs" color="fg.muted">
          {t('leaflet.boxSet')}
        </Text>
      )}
      {(serverProblem || placeProblem) && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="price-form-problem">
          {serverProblem ?? placeProblem}
        </Text>
      )}
      <HStack justify="flex-end">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('leaflet.cancel')}
        </Button>
        <Button size="sm" type="submit" loading={formState.isSubmitting}>
          {t('leaflet.savePrice')}
        </Button>
      </HStack>
    </Stack>
  );
}
