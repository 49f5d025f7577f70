// Translations of open data (docs/translations.md): section and category names and product
// descriptions come from shops and imports in one language; their other languages are kept here and
// the API answers in the caller's language, falling back to the original text.
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** What a translation row translates: `ref_id` is that table's id. */
export const TRANSLATION_KINDS = ['section', 'category', 'product_description'] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];

export const translations = pgTable(
  'translations',
  {
    kind: text('kind').$type<TranslationKind>().notNull(),
    // No foreign key: the row points into the table its kind names (sections, categories, products).
    refId: integer('ref_id').notNull(),
    /** A UI language code (en, ru, ua, pl). */
    lang: text('lang').notNull(),
    text: text('text').notNull(),
  },
  // (kind, lang, ref_id): a page's rows are looked up for one kind and language by id.
  (t) => [primaryKey({ columns: [t.kind, t.lang, t.refId] })],
);
