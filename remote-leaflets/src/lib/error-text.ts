import { useCallback, useMemo } from 'react';
import { isApiError } from '@pricewatch/shared/api';
import type { FieldError } from '@pricewatch/shared/contract';
import { useLeafletsTranslation } from './i18n';

/** A server message as a translation key: `expected MM/DD/YYYY` → `expected_mm_dd_yyyy`. */
export function messageKey(code: string): string {
  return code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Server errors in words. The server answers the envelope `{ success: false, error: { code, message,
 * fields? } }`: `code` (validation_failed, not_found, forbidden, payload_too_large, …) and each field's
 * `message` (required, not_a_number, not_an_image, page_past_end, …) are keys under `errors.*` of this
 * remote's namespace; codes it does not word fall back to the shell's `errors.*`.
 */
export function useErrorText() {
  const { t, i18n } = useLeafletsTranslation();

  /** One server message code (a field's message or an error code) in words; unknown codes as they are. */
  const messageText = useCallback(
    (code: string): string => {
      const key = messageKey(code);
      if (i18n.exists(`errors.${key}`, { ns: 'leaflets' })) return t(`errors.${key}`);
      if (i18n.exists(`errors.${key}`, { ns: 'translation' })) return t(`errors.${key}`, { ns: 'translation' });
      return code;
    },
    [t, i18n],
  );

  /** A field's name in words (`price`, `oldPrice`, `image`, …), for errors shown away from the field. */
  const fieldName = useCallback(
    (path: string): string => {
      const key = `leaflet.fields.${path.split('.')[0]}`;
      return i18n.exists(key, { ns: 'leaflets' }) ? t(key) : path;
    },
    [t, i18n],
  );

  /** The whole failure in one line: the field problems when there are any, else the error code's text. */
  const errorText = useCallback(
    (error: unknown): string => {
      if (!isApiError(error)) return messageText('service_unavailable');
      if (error.fields?.length) {
        if (error.fields.length === 1) return messageText(error.fields[0]!.message);
        return error.fields.map((f) => `${fieldName(f.path)}: ${messageText(f.message)}`).join('; ');
      }
      // 413 and friends: the code is the key; a message that is a known code is more precise.
      if (error.message && error.message !== error.messageKey && i18n.exists(`errors.${messageKey(error.message)}`, { ns: 'leaflets' })) {
        return messageText(error.message);
      }
      return messageText(error.messageKey);
    },
    [messageText, fieldName, i18n],
  );

  /** Field problems of a failed call by field path (first segment), in words — to show next to each field. */
  const fieldErrors = useCallback(
    (error: unknown): Record<string, string> => {
      const fields: FieldError[] = isApiError(error) ? (error.fields ?? []) : [];
      const out: Record<string, string> = {};
      for (const f of fields) {
        const path = f.path.split('.')[0] ?? f.path;
        if (!(path in out)) out[path] = messageText(f.message);
      }
      return out;
    },
    [messageText],
  );

  return useMemo(() => ({ errorText, fieldErrors, messageText, fieldName }), [errorText, fieldErrors, messageText, fieldName]);
}
