import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@pricewatch/shared/contract';
import type { TranslationKind } from '../db/schema';

/**
 * `original` in the caller's language (docs/translations.md): the translations row of `kind` for the
 * row `refId` names, else the stored text. lang null: the stored text.
 */
export function translated(kind: TranslationKind, refId: SQL, original: SQL, lang: Language | null): SQL {
  if (lang === null) return original;
  return sql`coalesce((SELECT tr.text FROM translations tr WHERE tr.kind = ${kind} AND tr.lang = ${lang} AND tr.ref_id = ${refId}), ${original})`;
}
