import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { isApiError } from '@pricewatch/shared/api';
import { useApi } from '@pricewatch/shared/query';
import { BULK_ACCEPT_DEFAULT_SCORE, type MatchSuggestion, type UnmatchedPage } from '@pricewatch/shared/contract';
import { formatMoney, intlLocale } from '@pricewatch/shared/format';
import { DataTable, Pager, dataColumnHelper } from '@pricewatch/shared/table';
import { ErrorState, FormField, LoadingState, SelectField, toaster } from '@pricewatch/shared/ui';
import { acceptTopUnmatched, acceptUnmatched, getUnmatched, rejectUnmatched } from '../api/matching';
import { useErrorText } from '../../../lib/error-text';
import { useParsersTranslation } from '../../../lib/i18n';

const PAGE_SIZE = 20;
/** Scores offered for accepting every top suggestion at once; the contract's default is preselected. */
const BULK_SCORES = [0.95, 0.9, 0.85, BULK_ACCEPT_DEFAULT_SCORE, 0.7];

type MatchingParser = { _id: string; name: string; network: string; unmatched: number };

type Props = {
  /** Whoever may force-start parsers decides (the server checks the parser's network too). */
  canDecide: boolean;
  parsers: MatchingParser[];
  /** The parser to show (chosen in the parsers list); else the one with the most pages waiting. */
  parserId: string | null;
  onParserChange: (id: string) => void;
  /** A decision changed the counts: the screen's follow. */
  onChanged: () => void;
};

/**
 * "To match" (server/docs/parsers.md "Matching pages to products"): a parser's pages whose product
 * matched nothing, with what was read there and up to three suggested catalogue products. Accepting one
 * makes the page the shop's offer of that product (its price is written now, the next run keeps it up);
 * rejecting hides the page.
 */
export function MatchingPanel({ canDecide, parsers, parserId, onParserChange, onChanged }: Props) {
  const { t, i18n } = useParsersTranslation();
  const errorText = useErrorText();
  const [page, setPage] = useState(0);
  const [minScore, setMinScore] = useState(BULK_ACCEPT_DEFAULT_SCORE);
  /** What is being done: a row's accept (with its product) or reject, or the bulk acceptance. */
  const [busy, setBusy] = useState<string | null>(null);
  const choices = useMemo(() => [...parsers].sort((a, b) => b.unmatched - a.unmatched || a.name.localeCompare(b.name)), [parsers]);
  const selected = parserId ?? choices[0]?._id ?? null;
  useEffect(() => setPage(0), [selected]);
  const query = { limit: PAGE_SIZE, skip: page * PAGE_SIZE };
  const list = useApi(selected ? `${selected}#${JSON.stringify(query)}` : null, () => getUnmatched(selected!, query));
  const lang = i18n.language;
  const pct = useMemo(() => new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 0 }), [lang]);

  const after = useCallback(() => {
    setBusy(null);
    list.reload();
    onChanged();
  }, [list, onChanged]);

  const failed = useCallback(
    (err: unknown) => {
      // Someone else decided first: the row goes from the list all the same.
      const taken = isApiError(err) && err.status === 409;
      toaster.create({ type: 'error', title: t('matching.decideFailed'), description: taken ? t('matching.alreadyDecided') : errorText(err) });
    },
    [t, errorText],
  );

  const accept = useCallback(
    async (item: UnmatchedPage, s: MatchSuggestion) => {
      setBusy(`accept-${item._id}-${s.productId}`);
      try {
        const r = await acceptUnmatched(item.parserId, item._id, s.productId);
        toaster.create({ type: 'success', title: t('matching.accepted', { product: s.name }), description: r.held ? t('matching.heldNote') : undefined });
      } catch (err) {
        failed(err);
      } finally {
        after();
      }
    },
    [t, failed, after],
  );

  const reject = useCallback(
    async (item: UnmatchedPage) => {
      setBusy(`reject-${item._id}`);
      try {
        await rejectUnmatched(item.parserId, item._id);
        toaster.create({ type: 'success', title: t('matching.rejected') });
      } catch (err) {
        failed(err);
      } finally {
        after();
      }
    },
    [t, failed, after],
  );

  const acceptTop = useCallback(async () => {
    if (!selected) return;
    setBusy('bulk');
    try {
      const r = await acceptTopUnmatched(selected, minScore);
      toaster.create({ type: 'success', title: t('matching.bulkDone', { count: r.accepted }), description: r.held ? t('matching.heldNote') : undefined });
    } catch (err) {
      failed(err);
    } finally {
      after();
    }
  }, [selected, minScore, t, failed, after]);

  const columns = useMemo(() => {
    const col = dataColumnHelper<UnmatchedPage>();
    return [
      col.display({
        id: 'page',
        header: t('matching.columns.page'),
        meta: { wrap: true, width: '14rem' },
        cell: (c) => {
          const r = c.row.original;
          return (
            <Stack gap="0">
              <Text fontWeight="medium">{r.name ?? '—'}</Text>
              <Text fontSize="xs" color="fg.muted">
                {[r.ean && t('matching.ean', { ean: r.ean }), r.article && t('matching.article', { article: r.article })].filter(Boolean).join(' · ')}
              </Text>
              <Link
                href={r.url}
                target="_blank"
                rel="noopener noreferrer"
                fontSize="xs"
                colorPalette="blue"
                wordBreak="break-all"
                aria-label={t('matching.openPage', { name: r.name ?? r.url })}
              >
                {r.url}
              </Link>
            </Stack>
          );
        },
      }),
      col.display({
        id: 'price',
        header: t('matching.columns.price'),
        meta: { numeric: true },
        cell: (c) => {
          const r = c.row.original;
          if (r.price === null) return '—';
          return (
            <Stack gap="0" align="end">
              <Text whiteSpace="nowrap" fontWeight="semibold">
                {formatMoney(r.price, r.country, lang)}
              </Text>
              {r.promo && r.oldPrice !== null && (
                <Text whiteSpace="nowrap" fontSize="xs" color="fg.muted" textDecoration="line-through">
                  {formatMoney(r.oldPrice, r.country, lang)}
                </Text>
              )}
            </Stack>
          );
        },
      }),
      col.display({
        id: 'suggestions',
        header: t('matching.columns.suggestions'),
        meta: { wrap: true, width: '20rem' },
        cell: (c) => {
          const r = c.row.original;
          if (!r.suggestions.length) return <Text color="fg.muted">{t('matching.noSuggestions')}</Text>;
          return (
            <Stack gap="2" as="ol" listStyleType="none" m="0">
              {r.suggestions.map((s) => (
                <HStack as="li" key={s.productId} gap="2" align="start" justify="space-between" wrap="wrap">
                  <Stack gap="0" flex="1" minW="10rem">
                    <Text>{s.name}</Text>
                    <HStack gap="1" wrap="wrap">
                      <Badge colorPalette={s.score >= BULK_ACCEPT_DEFAULT_SCORE ? 'green' : s.score >= 0.6 ? 'yellow' : 'gray'} variant="subtle">
                        {pct.format(s.score)}
                      </Badge>
                      <Text fontSize="xs" color="fg.muted">
                        {t(`matching.via.${s.via}`)}
                        {s.via === 'name' && s.pack !== 'unknown' ? ` · ${t(`matching.pack.${s.pack}`)}` : ''}
                      </Text>
                    </HStack>
                  </Stack>
                  {canDecide && (
                    <Button
                      size="xs"
                      colorPalette="green"
                      onClick={() => void accept(r, s)}
                      loading={busy === `accept-${r._id}-${s.productId}`}
                      disabled={busy !== null}
                      aria-label={t('matching.acceptNamed', { product: s.name, page: r.name ?? r.url })}
                    >
                      {t('matching.accept')}
                    </Button>
                  )}
                </HStack>
              ))}
            </Stack>
          );
        },
      }),
      ...(canDecide
        ? [
            col.display({
              id: 'actions',
              header: t('columns.actions'),
              cell: (c) => {
                const r = c.row.original;
                return (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => void reject(r)}
                    loading={busy === `reject-${r._id}`}
                    disabled={busy !== null}
                    aria-label={t('matching.rejectNamed', { page: r.name ?? r.url })}
                  >
                    {t('matching.reject')}
                  </Button>
                );
              },
            }),
          ]
        : []),
    ];
  }, [t, lang, pct, canDecide, busy, accept, reject]);

  return (
    <Stack gap="4" mt="4">
      <Text color="fg.muted" fontSize="sm">
        {t('matching.description')}
      </Text>
      <HStack gap="4" wrap="wrap" align="end">
        <Box width="16rem">
          <FormField label={t('matching.parser')} htmlFor="matching-parser">
            <SelectField id="matching-parser" value={selected ?? ''} onChange={onParserChange}>
              {choices.map((p) => (
                <option key={p._id} value={p._id}>
                  {t('matching.parserChoice', { name: p.name, count: p.unmatched })}
                </option>
              ))}
            </SelectField>
          </FormField>
        </Box>
        {canDecide && (
          <HStack gap="2" align="end" wrap="wrap">
            <Box width="7rem">
              <FormField label={t('matching.minScore')} htmlFor="matching-score">
                <SelectField id="matching-score" value={String(minScore)} onChange={(value) => setMinScore(Number(value))}>
                  {BULK_SCORES.map((s) => (
                    <option key={s} value={String(s)}>
                      {pct.format(s)}
                    </option>
                  ))}
                </SelectField>
              </FormField>
            </Box>
            <Button
              size="sm"
              variant="outline"
              colorPalette="green"
              onClick={() => void acceptTop()}
              loading={busy === 'bulk'}
              disabled={busy !== null || !list.data?.total}
            >
              {t('matching.acceptTop')}
            </Button>
          </HStack>
        )}
        {list.data && (
          <Badge colorPalette={list.data.total ? 'orange' : 'gray'} variant="subtle" size="lg" aria-live="polite">
            {t('matching.waiting', { count: list.data.total })}
          </Badge>
        )}
      </HStack>
      {!selected ? (
        <Text color="fg.muted">{t('matching.empty')}</Text>
      ) : list.error ? (
        <ErrorState title={t('matching.loadFailed')} message={errorText(list.error)} onRetry={list.reload} />
      ) : !list.data ? (
        <LoadingState label={t('matching.loading')} />
      ) : (
        <>
          <DataTable
            label={t('matching.table')}
            columns={columns}
            data={list.data.items}
            getRowId={(r) => r._id}
            busy={list.loading}
            empty={<Text color="fg.muted">{t('matching.empty')}</Text>}
          />
          <Pager pageIndex={page} pageSize={PAGE_SIZE} total={list.data.total} onPageChange={setPage} label={t('matching.pages')} />
        </>
      )}
    </Stack>
  );
}
