import { useErrorText as useSharedErrorText } from '@pricewatch/shared/ui';
import { NS } from './i18n';

/** The translated message of a failed call (the shell's error texts), with the fields the server named. */
export function useErrorText(): (error: unknown) => string {
  return useSharedErrorText({ ns: NS, prefix: 'problems', known: [], listFields: true }).errorText;
}
