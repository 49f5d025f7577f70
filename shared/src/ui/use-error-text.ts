import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import type { FieldError } from '../contract/envelope';

export type ErrorTextOptions = {
  /** The remote's namespace, where it words the problems the server names. */
  ns: string;
  /** Where in `ns` those words are: `problems.{code}` (alarms, users), `fieldErrors.{code}` (exports), `errors.{code}` (leaflets). */
  prefix: string;
  /** The codes worded under `prefix`; absent: every code that has a key there. */
  known?: readonly string[];
  /** A failure with field problems nobody words here lists them after the shell's text: `…: path — message; …`. */
  listFields?: boolean;
  /** The key of a field's name in `ns` (`leaflet.fields.{path}`): every field problem is told, each by name when there are several. */
  fieldNameKey?: (field: string) => string;
  /** The key in `ns` for a field problem not worded here (under its field); absent: the code itself. */
  unknownFieldKey?: string;
};

export type ErrorText = {
  /** The whole failure in one line, for a banner or a toast. */
  errorText: (error: unknown) => string;
  /** The field problems of a failure by field (first path segment), in words: to show under each field. */
  fieldErrors: (error: unknown) => Record<string, string>;
  /** One code the server names (an error code or a field's message) in words; unknown codes as they are. */
  messageText: (code: string) => string;
  /** One field problem in words, as shown under its field. */
  fieldText: (message: string) => string;
  /** A field's name in words (with `fieldNameKey`), else its path. */
  fieldName: (path: string) => string;
};

/** A server code as a translation key: `role_not_allowed: admin` → `role_not_allowed`, `expected MM/DD/YYYY` → `expected_mm_dd_yyyy`. */
export function problemKey(code: string): string {
  return (code.split(':')[0] ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const SHELL = { ns: 'translation' } as const;

/**
 * Failed calls in the UI language (ApiError → text). A remote words the problems it knows in its own
 * namespace; every other code gets the shell's `errors.{code}`, and a failure that is no ApiError (no
 * answer at all) is `service_unavailable`.
 */
export function useErrorText(options: ErrorTextOptions): ErrorText {
  const { t, i18n } = useTranslation(options.ns);
  const { ns, prefix, known, listFields, fieldNameKey, unknownFieldKey } = options;
  return useMemo(() => {
    const own = (code: string): string | null => {
      const key = problemKey(code);
      if (!key) return null;
      const isKnown = known ? known.includes(key) : i18n.exists(`${prefix}.${key}`, { ns });
      return isKnown ? t(`${prefix}.${key}`, { ns }) : null;
    };
    const shell = (code: string): string => t(`errors.${code}`, SHELL);
    const messageText = (code: string): string => {
      const worded = own(code);
      if (worded !== null) return worded;
      const key = problemKey(code);
      return key && i18n.exists(`errors.${key}`, SHELL) ? shell(key) : code;
    };
    const fieldName = (path: string): string => {
      const key = fieldNameKey?.(path.split('.')[0] ?? path);
      return key && i18n.exists(key, { ns }) ? t(key, { ns }) : path;
    };
    const fieldText = (message: string): string => own(message) ?? (unknownFieldKey ? t(unknownFieldKey, { ns }) : messageText(message));
    const errorText = (error: unknown): string => {
      if (!isApiError(error)) return own('service_unavailable') ?? shell('service_unavailable');
      const fields: FieldError[] = error.fields ?? [];
      if (fieldNameKey && fields.length) {
        if (fields.length === 1) return messageText(fields[0]!.message);
        return fields.map((f) => `${fieldName(f.path)}: ${messageText(f.message)}`).join('; ');
      }
      // A more precise problem than the code, in the message (413 and friends, users' duplicate_username…)
      const message = error.message !== error.messageKey ? own(error.message) : null;
      if (message !== null) return message;
      const field = fields.find((f) => own(f.message) !== null);
      if (field) return own(field.message)!;
      const text = own(error.messageKey) ?? shell(error.messageKey);
      return listFields && fields.length ? `${text}: ${fields.map((f) => `${f.path} — ${f.message}`).join('; ')}` : text;
    };
    const fieldErrors = (error: unknown): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const f of isApiError(error) ? (error.fields ?? []) : []) {
        const path = f.path.split('.')[0] ?? f.path;
        if (!(path in out)) out[path] = fieldText(f.message);
      }
      return out;
    };
    return { errorText, fieldErrors, messageText, fieldText, fieldName };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `known` and `fieldNameKey` are each remote's constants
  }, [t, i18n, ns, prefix, listFields, unknownFieldKey]);
}
