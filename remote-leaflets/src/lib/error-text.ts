import { useErrorText as useSharedErrorText, type ErrorText } from '@pricewatch/shared/ui';
import { NS } from './i18n';

const fieldNameKey = (field: string) => `leaflet.fields.${field}`;

/**
 * Server errors in words. The codes the server names (validation_failed, not_found, payload_too_large…)
 * and each field's message (required, not_a_number, not_an_image, page_past_end…) are keys under
 * `errors.*` of this remote's namespace; codes it does not word fall back to the shell's `errors.*`.
 * Several field problems in one line are named by field (`leaflet.fields.*`).
 */
export function useErrorText(): ErrorText {
  return useSharedErrorText({ ns: NS, prefix: 'errors', fieldNameKey });
}
