import { useEffect, useState } from 'react';
import { HStack, Progress, Text } from '@chakra-ui/react';
import type { ParserRun } from '@pricewatch/shared/contract';
import { getRun } from '../api/parsers';
import { useParsersTranslation } from '../../../lib/i18n';

export const POLL_MS = 1000;

/** Follows a queued or running run live (polls its counts every second) until it ends. */
export function useLiveRun(initial: ParserRun | null, onEnd: (run: ParserRun) => void): ParserRun | null {
  const [run, setRun] = useState(initial);
  useEffect(() => setRun(initial), [initial?._id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!run || run.status === 'done' || run.status === 'failed') return;
    let alive = true;
    const timer = setTimeout(async () => {
      try {
        const next = await getRun(run._id);
        if (!alive) return;
        setRun(next);
        if (next.status === 'done' || next.status === 'failed') onEnd(next);
      } catch {
        if (alive) setRun({ ...run }); // try again at the next tick
      }
    }, POLL_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [run]); // eslint-disable-line react-hooks/exhaustive-deps
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
