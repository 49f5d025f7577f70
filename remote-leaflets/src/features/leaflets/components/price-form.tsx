import { useState } from 'react';
import { Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  leafletPriceInputSchema,
  PROMO_MECHANICS,
  type Box as PriceBox,
  type LeafletPrice,
  type LeafletPriceInput,
  type LeafletPriceUpdate,
  type ProductListItem,
  type PromoMechanics,
} from '@pricewatch/shared/contract';
import { addLeafletPrice, updateLeafletPrice } from '../api/leaflets';
import { useErrorText } from '../../../lib/error-text';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { FormField, ProductTypeahead, SelectField } from '@pricewatch/shared/ui';

/** A stored price as the form's draft (Edit). */
export const draftOf = (p: LeafletPrice): PriceDraft => ({
  priceId: p._id,
  productId: p.productId,
  productName: p.productName,
  price: String(p.price),
  oldPrice: p.oldPrice === null ? '' : String(p.oldPrice),
  discountPct: p.discountPct === null ? '' : String(p.discountPct),
  mechanics: p.mechanics,
  mechanicsText: p.mechanicsText ?? '',
  box: p.box,
  source: p.source,
});

/** What the form starts with: empty for "Add price", a candidate's reading for "Fix", a stored price for "Edit". */
export type PriceDraft = {
  /** Set: edit this stored price (PUT /leaflets/prices/{priceId} with the fields changed from this draft). */
  priceId?: string;
  productId?: string | null;
  productName?: string;
  price?: string;
  oldPrice?: string;
  discountPct?: string;
  mechanics?: PromoMechanics;
  mechanicsText?: string;
  box?: PriceBox | null;
  source?: 'manual' | 'recognised';
};

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
  const { errorText, fieldErrors, messageText } = useErrorText();
  const [productId, setProductId] = useState<string | null>(draft.productId ?? null);
  const [productName, setProductName] = useState(draft.productName ?? '');
  const [price, setPrice] = useState(draft.price ?? '');
  const [oldPrice, setOldPrice] = useState(draft.oldPrice ?? '');
  const [discountPct, setDiscountPct] = useState(draft.discountPct ?? '');
  const [mechanics, setMechanics] = useState<PromoMechanics>(draft.mechanics ?? 'discount');
  const [mechanicsText, setMechanicsText] = useState(draft.mechanicsText ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (p: ProductListItem) => {
    setProductId(p._id);
    setProductName(p.name);
  };

  /** Editing: only what differs from the stored price (as prefilled) is sent. */
  const changedFields = (values: LeafletPriceInput): LeafletPriceUpdate => {
    const out: LeafletPriceUpdate = {};
    if ((productId ?? null) !== (draft.productId ?? null)) out.productId = values.productId ?? null;
    if (productName !== (draft.productName ?? '')) out.productName = values.productName;
    if (price.trim() !== (draft.price ?? '')) out.price = values.price;
    if (oldPrice.trim() !== (draft.oldPrice ?? '')) out.oldPrice = values.oldPrice ?? null;
    if (discountPct.trim() !== (draft.discountPct ?? '')) out.discountPct = values.discountPct ?? null;
    if (mechanics !== (draft.mechanics ?? 'discount')) out.mechanics = values.mechanics;
    if (mechanicsText.trim() !== (draft.mechanicsText ?? '')) out.mechanicsText = values.mechanicsText ?? null;
    if (JSON.stringify(box ?? null) !== JSON.stringify(draft.box ?? null)) out.box = values.box ?? null;
    return out;
  };

  const submit = async () => {
    setProblem(null);
    const input: LeafletPriceInput = {
      leafletId,
      pageId: pageId ?? null,
      productId: productId ?? null,
      productName,
      price: price.trim(),
      oldPrice: oldPrice.trim() ? oldPrice.trim() : null,
      discountPct: discountPct.trim() ? Number(discountPct.trim().replace(',', '.')) : null,
      mechanics,
      mechanicsText: mechanicsText.trim() ? mechanicsText.trim() : null,
      box: box ?? null,
      source: draft.source ?? 'manual',
    };
    const checked = leafletPriceInputSchema.safeParse(input);
    if (!checked.success || (discountPct.trim() && !Number.isFinite(input.discountPct))) {
      const local: Record<string, string> = {};
      for (const issue of checked.success ? [] : checked.error.issues) {
        const path = String(issue.path[0] ?? 'form');
        if (!(path in local)) local[path] = messageText(issue.message);
      }
      if (discountPct.trim() && !Number.isFinite(input.discountPct)) local.discountPct = messageText('not_a_number');
      setErrors(local);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // The numbers as checked ("39,90" → 39.9); the rest as typed.
      const values = { ...input, price: checked.data.price, oldPrice: checked.data.oldPrice ?? null };
      const saved = draft.priceId ? await updateLeafletPrice(draft.priceId, changedFields(values)) : await addLeafletPrice(values);
      onSaved(saved);
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (!Object.keys(byField).length) setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      as="form"
      aria-label={draft.priceId ? t('leaflet.editPrice') : t('leaflet.addPrice')}
      gap="2"
      p="3"
      borderWidth="1px"
      rounded="md"
      bg="bg.subtle"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Text fontWeight="semibold" fontSize="sm">
        {draft.priceId ? t('leaflet.editPrice') : draft.source === 'recognised' ? t('leaflet.fixPrice') : t('leaflet.addPrice')}
      </Text>
      <FormField size="xs" label={t('leaflet.product')} htmlFor="price-product" error={errors.productName ?? errors.productId}>
        <ProductTypeahead
          id="price-product"
          overlay
          limit={8}
          text={productName}
          onTextChange={(text) => {
            setProductName(text);
            setProductId(null);
          }}
          onPick={pick}
          placeholder={t('leaflet.productPlaceholder')}
          resultsLabel={t('leaflet.productSuggestions')}
          invalid={!!(errors.productName ?? errors.productId)}
        />
        <Text fontSize="xs" color="fg.muted" mt="1" data-testid="price-product-match">
          {productId ? t('leaflet.productMatched') : t('leaflet.productFree')}
        </Text>
      </FormField>
      <SimpleGrid columns={3} gap="2">
        <FormField size="xs" label={t('leaflet.price')} htmlFor="price-price" error={errors.price}>
          <Input id="price-price" size="sm" inputMode="decimal" value={price} onChange={(e) => setPrice(e.currentTarget.value)} />
        </FormField>
        <FormField size="xs" label={t('leaflet.oldPrice')} htmlFor="price-old" error={errors.oldPrice}>
          <Input id="price-old" size="sm" inputMode="decimal" value={oldPrice} onChange={(e) => setOldPrice(e.currentTarget.value)} />
        </FormField>
        <FormField size="xs" label={t('leaflet.discountPct')} htmlFor="price-discount" error={errors.discountPct}>
          <Input id="price-discount" size="sm" inputMode="decimal" value={discountPct} onChange={(e) => setDiscountPct(e.currentTarget.value)} />
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={2} gap="2">
        <FormField size="xs" label={t('leaflet.mechanics')} htmlFor="price-mechanics" error={errors.mechanics}>
          <SelectField id="price-mechanics" value={mechanics} onChange={(v) => setMechanics(v as PromoMechanics)}>
            {PROMO_MECHANICS.map((m) => (
              <option key={m} value={m}>
                {t(`mechanics.${m}`)}
              </option>
            ))}
          </SelectField>
        </FormField>
        <FormField size="xs" label={t('leaflet.mechanicsText')} htmlFor="price-mechanics-text" error={errors.mechanicsText}>
          <Input id="price-mechanics-text" size="sm" value={mechanicsText} placeholder="2+1" onChange={(e) => setMechanicsText(e.currentTarget.value)} />
        </FormField>
      </SimpleGrid>
      {box && (
        <Text fontSize="xs" color="fg.muted">
          {t('leaflet.boxSet')}
        </Text>
      )}
      {(problem || errors.box || errors.leafletId || errors.pageId || errors.leafletPicture) && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="price-form-problem">
          {problem ?? errors.box ?? errors.leafletId ?? errors.pageId ?? errors.leafletPicture}
        </Text>
      )}
      <HStack justify="flex-end">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('leaflet.cancel')}
        </Button>
        <Button size="sm" type="submit" loading={busy}>
          {t('leaflet.savePrice')}
        </Button>
      </HStack>
    </Stack>
  );
}
