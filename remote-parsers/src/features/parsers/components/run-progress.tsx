import { useEffect, useRef } from 'react';
import { queryKeys, useApi } from '@pricewatch/shared/query';
import { HStack, Progress, Text } from '@chakra-ui/react';
import type { ParserRun } from '@pricewatch/shared/contract';
import { getRun } from '../api/parsers';
import { useParsersTranslation } from '../../../lib/i18n';

const POLL_MS = 1000;

const ended = (run: ParserRun | undefined) => run?.status === 'done' || run?.status === 'failed';

/**
 * Follows a queued or running run live (polls its counts every second) until it ends; a failed poll
 * is tried again at the next tick.
 */
export function useLiveRun(initial: ParserRun | null, onEnd: (run: ParserRun) => void): ParserRun | null {
  const id = initial && !ended(initial) ? initial._id : null;
  const live = useApi(id && queryKeys.parserRun(id), () => getRun(id!), { refetchInterval: (run) => (ended(run) ? false : POLL_MS) });
  // The answer of this run only (the previous run's stays on screen while the next one's first loads).
  const run = live.data && live.data._id === initial?._id ? live.data : initial;
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (id && run && run._id === id && ended(run) && told.current !== id) {
      told.current = id;
      onEndRef.current(run);
    }
  }, [id, run]);
  return run;
}

export function RunProgress({ run, name }: { run: ParserRun; name: string }) {
  const { t } = useParsersTranslation();
  const total = Math.max(run.pagesTotal, run.pagesDone);
  const value = run.status === 'queued' || total === 0 ? null : Math.round((run.pagesDone / total) * 100);
  return (
    <HStack gap="2" minW="12rem">
      <Progress.Root value={value} size="sm" flex="1" colorPalette="blue" aria-label={t('progress.label', { name })}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" role="status">
        {run.status === 'queued' ? t('status.queued') : t('progress.pages', { done: run.pagesDone, total })}
      </Text>
    </HStack>
  );
}
