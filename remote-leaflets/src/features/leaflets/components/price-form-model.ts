import { z } from 'zod';
import {
  leafletPriceInputSchema,
  type Box as PriceBox,
  type LeafletPrice,
  type LeafletPriceInput,
  type LeafletPriceUpdate,
  type PriceCandidate,
  type PromoMechanics,
} from '@pricewatch/shared/contract';

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

/** The figures a stored price and a recognised candidate both carry, as the form's text fields. */
const figuresDraft = (x: Pick<LeafletPrice, 'price' | 'oldPrice' | 'discountPct' | 'mechanics' | 'mechanicsText' | 'box'>) => ({
  price: String(x.price),
  oldPrice: x.oldPrice === null ? '' : String(x.oldPrice),
  discountPct: x.discountPct === null ? '' : String(x.discountPct),
  mechanics: x.mechanics,
  mechanicsText: x.mechanicsText ?? '',
  box: x.box,
});

/** A stored price as the form's draft (Edit). */
export const draftOf = (p: LeafletPrice): PriceDraft => ({
  priceId: p._id,
  productId: p.productId,
  productName: p.productName,
  ...figuresDraft(p),
  source: p.source,
});

/** A recognised candidate as the add-price form's starting point ("Fix"). */
export const candidateDraft = (c: PriceCandidate): PriceDraft => ({
  productId: c.suggestedProduct?._id ?? null,
  productName: c.suggestedProduct?.name ?? c.text,
  ...figuresDraft(c),
  source: 'recognised',
});

/** The price form's fields as typed. */
export type PriceFormValues = {
  productId: string | null;
  productName: string;
  price: string;
  oldPrice: string;
  discountPct: string;
  mechanics: PromoMechanics;
  mechanicsText: string;
};

/** Where the price goes: not typed in the form, but part of what is sent and checked. */
export type PriceFormPlace = {
  leafletId: string;
  pageId: string | null;
  box: PriceBox | null;
  source: 'manual' | 'recognised';
};

export const priceFormValues = (draft: PriceDraft): PriceFormValues => ({
  productId: draft.productId ?? null,
  productName: draft.productName ?? '',
  price: draft.price ?? '',
  oldPrice: draft.oldPrice ?? '',
  discountPct: draft.discountPct ?? '',
  mechanics: draft.mechanics ?? 'discount',
  mechanicsText: draft.mechanicsText ?? '',
});

const discountOf = (text: string) => (text.trim() ? Number(text.trim().replace(',', '.')) : null);

/** The add call's body (POST /leaflets/add-price) as the contract reads it: numbers still as typed. */
function priceInput(v: PriceFormValues, place: PriceFormPlace): LeafletPriceInput {
  return {
    leafletId: place.leafletId,
    pageId: place.pageId,
    productId: v.productId,
    productName: v.productName,
    price: v.price.trim(),
    oldPrice: v.oldPrice.trim() ? v.oldPrice.trim() : null,
    discountPct: discountOf(v.discountPct),
    mechanics: v.mechanics,
    mechanicsText: v.mechanicsText.trim() ? v.mechanicsText.trim() : null,
    box: place.box,
    source: place.source,
  };
}

/**
 * The form's schema for the zod resolver: the values become the add call's body and the contract's
 * leafletPriceInputSchema judges it (the server runs the same). Messages are the contract's problem
 * codes (required, not_a_number, old_price_not_above_price…), worded by the form through `errors.*`;
 * problems of what is not a field (box, page) stay under their own names for the form's alert.
 */
export function priceFormSchema(place: PriceFormPlace) {
  return z.custom<PriceFormValues>().superRefine((v, ctx) => {
    const seen = new Set<string>();
    const add = (path: string, message: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    // "abc" would become NaN, which the contract's number check reports in words of its own.
    if (v.discountPct.trim() && !Number.isFinite(discountOf(v.discountPct))) add('discountPct', 'not_a_number');
    const checked = leafletPriceInputSchema.safeParse(priceInput(v, place));
    for (const issue of checked.success ? [] : checked.error.issues) add(String(issue.path[0] ?? 'form'), issue.message);
  });
}

/** POST /leaflets/add-price: the whole price, the numbers as checked ("39,90" → 39.9), the rest as typed. */
export function addBody(v: PriceFormValues, place: PriceFormPlace): LeafletPriceInput {
  const input = priceInput(v, place);
  const checked = leafletPriceInputSchema.parse(input);
  return { ...input, price: checked.price, oldPrice: checked.oldPrice ?? null };
}

/** PUT /leaflets/prices/{id} of an "Edit": only what differs from the stored price as prefilled. */
export function changedFields(v: PriceFormValues, place: PriceFormPlace, draft: PriceDraft): LeafletPriceUpdate {
  const values = addBody(v, place);
  const start = priceFormValues(draft);
  const out: LeafletPriceUpdate = {};
  if (v.productId !== start.productId) out.productId = values.productId ?? null;
  if (v.productName !== start.productName) out.productName = values.productName;
  if (v.price.trim() !== start.price) out.price = values.price;
  if (v.oldPrice.trim() !== start.oldPrice) out.oldPrice = values.oldPrice;
  if (v.discountPct.trim() !== start.discountPct) out.discountPct = values.discountPct ?? null;
  if (v.mechanics !== start.mechanics) out.mechanics = values.mechanics;
  if (v.mechanicsText.trim() !== start.mechanicsText) out.mechanicsText = values.mechanicsText ?? null;
  if (JSON.stringify(place.box) !== JSON.stringify(draft.box ?? null)) out.box = values.box ?? null;
  return out;
}
