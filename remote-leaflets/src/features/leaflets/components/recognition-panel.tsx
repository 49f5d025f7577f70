import { useEffect, useRef, useState } from 'react';
import { useApi } from '@pricewatch/shared/query';
import { Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import {
  CANDIDATE_ACCEPT_CONFIDENCE,
  type Currency,
  type LeafletPage,
  type LeafletPrice,
  type NeuralData,
  type PriceCandidate,
} from '@pricewatch/shared/contract';
import { addLeafletPrice, getNeuralData } from '../api/leaflets';
import { useErrorText } from '../../../lib/error-text';
import { useFormatters } from '../../../lib/format';
import { useLeafletsTranslation } from '../../../lib/i18n';
import type { PriceDraft } from './price-form';
import { candidateDraft } from './price-form-model';

/** How often a queued or running recognition is asked again. */
export const RECOGNITION_POLL_MS = 1000;

/** Whether a candidate may be saved in one click (its confidence at or above the contract's threshold). */
export const oneClick = (c: PriceCandidate) => c.confidence >= CANDIDATE_ACCEPT_CONFIDENCE;

/**
 * "Recognise prices" of one page (GET …/neural-data?neuralId=): asks, then polls about every second
 * while queued or running, with a progress bar; then the candidates, each with its confidence and the
 * box it was read from (highlighted on the page while pointed at or focused), Accept (saved at once as
 * a recognised leaflet price; only at or above CANDIDATE_ACCEPT_CONFIDENCE) and Fix (the add-price
 * form, prefilled).
 */
export function RecognitionPanel({
  leafletId,
  page,
  currency,
  canWrite,
  onAccepted,
  onFix,
  onHighlightBox,
}: {
  leafletId: string;
  page: LeafletPage;
  currency: Currency;
  canWrite: boolean;
  onAccepted: (price: LeafletPrice) => void;
  onFix: (draft: PriceDraft) => void;
  onHighlightBox: (box: PriceCandidate['box'] | null) => void;
}) {
  const { t } = useLeafletsTranslation();
  const f = useFormatters();
  const { errorText, messageText } = useErrorText();
  const [acceptProblem, setProblem] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<Record<string, string>>({});
  const [accepting, setAccepting] = useState<string | null>(null);
  // One round = one "Recognise" (or the page's state at first sight): the first call may ask for a new
  // recognition (refresh), the polls that follow never do.
  const [round, setRound] = useState(() => ({ pageId: page._id, n: 0, asked: page.recognition !== 'none', refresh: false }));
  const firstOfRound = useRef(true);
  const live = round.pageId === page._id && round.asked;
  const recognition = useApi(
    live ? `${page._id}:${round.n}` : null,
    () => {
      const refresh = firstOfRound.current && round.refresh;
      firstOfRound.current = false;
      return getNeuralData(leafletId, page._id, refresh);
    },
    // Polled about every second while queued or running; a failed poll is retried (network, 5xx)
    // before the panel gives up, shows the error and offers the button again.
    { keepPrevious: false, refetchInterval: (d, failed) => (!failed && (d?.status === 'queued' || d?.status === 'running') ? RECOGNITION_POLL_MS : false) },
  );
  const answer = live ? (recognition.data ?? null) : null;
  const stalled = recognition.error && (answer?.status === 'queued' || answer?.status === 'running');
  const data: NeuralData | null = answer && stalled ? { ...answer, status: 'none' } : answer;
  const loadProblem = live && recognition.error ? errorText(recognition.error) : null;
  const problem = acceptProblem ?? loadProblem;

  const ask = (refresh: boolean) => {
    firstOfRound.current = true;
    setProblem(null);
    setRound((r) => ({ pageId: page._id, n: r.n + 1, asked: true, refresh }));
  };

  // A new page: forget the old answer; a page already (being) recognised shows its answer at once.
  useEffect(() => {
    setAccepted({});
    setProblem(null);
    firstOfRound.current = true;
    setRound((r) => (r.pageId === page._id ? r : { pageId: page._id, n: r.n + 1, asked: page.recognition !== 'none', refresh: false }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page._id]);

  const accept = async (c: PriceCandidate) => {
    if (!oneClick(c)) return;
    setAccepting(c.key);
    setProblem(null);
    try {
      const price = await addLeafletPrice({
        leafletId,
        pageId: page._id,
        productId: c.suggestedProduct?._id ?? null,
        productName: c.suggestedProduct?.name ?? (c.text.trim() || t('leaflet.unnamedProduct')),
        price: c.price,
        oldPrice: c.oldPrice,
        discountPct: c.discountPct,
        mechanics: c.mechanics,
        mechanicsText: c.mechanicsText,
        box: c.box,
        source: 'recognised',
      });
      setAccepted((a) => ({ ...a, [c.key]: price._id }));
      onAccepted(price);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setAccepting(null);
    }
  };

  const busy = data?.status === 'queued' || data?.status === 'running';
  return (
    <Stack gap="2" data-testid="recognition">
      <HStack justify="space-between">
        <Text fontWeight="semibold" fontSize="sm">
          {t('leaflet.recognition')}
        </Text>
        {canWrite && (
          <Button size="xs" variant="outline" disabled={busy} onClick={() => ask(data?.status === 'done' || data?.status === 'failed')}>
            {data?.status === 'done' || data?.status === 'failed' ? t('leaflet.recogniseAgain') : t('leaflet.recognise')}
          </Button>
        )}
      </HStack>
      {busy && (
        <Box>
          <Progress.Root size="sm" value={Math.round(data!.progress)} aria-label={t('leaflet.recognising')}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="xs" color="fg.muted" mt="1" aria-live="polite">
            {data!.status === 'queued' ? t('leaflet.recognitionQueued') : t('leaflet.recognitionRunning', { pct: Math.round(data!.progress) })}
          </Text>
        </Box>
      )}
      {data?.status === 'failed' && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('leaflet.recognitionFailed', { reason: messageText(data.error ?? 'ocr_failed') })}
        </Text>
      )}
      {problem && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {problem}
        </Text>
      )}
      {data?.status === 'done' && (
        <>
          <Text fontSize="xs" color="fg.muted">
            {t('leaflet.candidatesFound', { count: data.candidates.length, seconds: f.number(data.seconds ?? 0) })}
          </Text>
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={t('leaflet.candidates')}>
            {data.candidates.map((c) => {
              const addedId = accepted[c.key] ?? c.confirmedPriceId;
              return (
                <Box
                  as="li"
                  key={c.key}
                  data-testid="candidate"
                  borderWidth="1px"
                  rounded="sm"
                  p="2"
                  fontSize="sm"
                  data-confidence={c.confidence}
                  onMouseEnter={() => onHighlightBox(c.box)}
                  onMouseLeave={() => onHighlightBox(null)}
                  onFocus={() => onHighlightBox(c.box)}
                  onBlur={() => onHighlightBox(null)}
                >
                  <HStack justify="space-between" align="start" gap="2">
                    <Box minW="0">
                      <Text fontWeight="semibold">
                        {f.money(c.price, currency)}
                        {c.oldPrice !== null && (
                          <Text as="span" textDecoration="line-through" color="fg.muted" fontWeight="normal" ms="2">
                            {f.money(c.oldPrice, currency)}
                          </Text>
                        )}
                        {c.discountPct !== null && (
                          <Text as="span" color="red.600" fontWeight="normal" ms="2">
                            −{f.percent(c.discountPct)}
                          </Text>
                        )}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" lineClamp={2} title={c.text}>
                        {t('leaflet.textRead')}: {c.text || '—'}
                      </Text>
                      <Text fontSize="xs">
                        {t('leaflet.suggestedProduct')}: {c.suggestedProduct?.name ?? t('leaflet.noSuggestion')}
                      </Text>
                      <Text fontSize="xs" color={oneClick(c) ? 'fg.muted' : 'orange.600'}>
                        {t('leaflet.confidence', { pct: f.percent(Math.round(c.confidence * 100)) })}
                        {!oneClick(c) && ` · ${t('leaflet.lowConfidence')}`}
                      </Text>
                      {c.mechanics !== 'discount' && (
                        <Text fontSize="xs">
                          {t(`mechanics.${c.mechanics}`)}
                          {c.mechanicsText ? ` · ${c.mechanicsText}` : ''}
                        </Text>
                      )}
                    </Box>
                    {addedId ? (
                      <Badge colorPalette="green" variant="subtle" flexShrink={0}>
                        {t('leaflet.added')}
                      </Badge>
                    ) : (
                      canWrite && (
                        <Stack gap="1" flexShrink={0}>
                          {oneClick(c) && (
                            <Button size="xs" loading={accepting === c.key} onClick={() => void accept(c)}>
                              {t('leaflet.accept')}
                            </Button>
                          )}
                          <Button size="xs" variant="outline" onClick={() => onFix(candidateDraft(c))}>
                            {t('leaflet.fix')}
                          </Button>
                          <Button
                            size="xs"
                            variant="ghost"
                            aria-label={t('leaflet.showBox')}
                            title={t('leaflet.showBox')}
                            onClick={() => onHighlightBox(c.box)}
                          >
                            ⌖
                          </Button>
                        </Stack>
                      )
                    )}
                  </HStack>
                </Box>
              );
            })}
          </Stack>
        </>
      )}
    </Stack>
  );
}
