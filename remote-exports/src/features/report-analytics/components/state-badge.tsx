import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ExportRequest } from '@pricewatch/shared/contract';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';

const PALETTE = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' } as const;

/** A request's state: a badge, and while it runs a live progress bar; a failure says why. */
export function StateBadge({ request }: { request: ExportRequest }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const { state } = request;
  const label = t(`reportAnalytics.states.${state}`);
  return (
    <Stack gap="1" minW="8rem">
      <HStack gap="2">
        <Badge colorPalette={PALETTE[state]} variant="subtle" data-state={state}>
          {label}
        </Badge>
        {state === 'running' && (
          <Text as="span" fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
            {f.decimal(request.progress)} %
          </Text>
        )}
      </HStack>
      {(state === 'running' || state === 'queued') && (
        <Box
          role="progressbar"
          aria-label={t('reportAnalytics.requests.progressOf', { name: request.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(request.progress)}
          h="1.5"
          bg="bg.muted"
          borderRadius="full"
          overflow="hidden"
        >
          <Box h="full" bg="blue.solid" width={`${Math.max(2, request.progress)}%`} transition="width 0.6s ease" />
        </Box>
      )}
      {state === 'failed' && request.error && (
        <Text fontSize="xs" color="fg.error">
          {t(`reportAnalytics.failures.${request.error}`, { defaultValue: request.error })}
          {request.errorMessage ? ` — ${request.errorMessage}` : ''}
        </Text>
      )}
    </Stack>
  );
}
