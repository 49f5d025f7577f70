import { useCallback, useMemo, useState } from 'react';
import { Badge, Box, Button, HStack, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { isApiError } from '@pricewatch/shared/api';
import { useApi } from '@pricewatch/shared/query';
import type { ParserNetwork, SuspiciousPrice } from '@pricewatch/shared/contract';
import { formatMoney, intlLocale } from '@pricewatch/shared/format';
import { DataTable, Pager, dataColumnHelper } from '@pricewatch/shared/table';
import { ErrorState, FormField, LoadingState, SelectField, toaster } from '@pricewatch/shared/ui';
import { decideSuspicious, getSuspicious } from '../api/suspicious';
import { useErrorText } from '../../../lib/error-text';
import { useParsersTranslation } from '../../../lib/i18n';
import { NetworkName } from '../../../lib/network-names';

const PAGE_SIZE = 30;

type ParserChoice = { _id: string; name: string; network: string };

type Props = {
  /** Whoever may force-start parsers decides (the server checks the parser's network too). */
  canDecide: boolean;
  /** The networks that have parsers the user sees (GET /parsers/networks). */
  networks: ParserNetwork[];
  parsers: ParserChoice[];
  /** A decision changed the queue: the screen's count follows. */
  onChanged: () => void;
};

/**
 * The sanity guard's queue (server/docs/parsers.md "Sanity guard"): parser prices far from the shop's
 * last price or the network's median, held out of the history until someone confirms or rejects them.
 */
export function SuspiciousPanel({ canDecide, networks, parsers, onChanged }: Props) {
  const { t, i18n } = useParsersTranslation();
  const errorText = useErrorText();
  const [page, setPage] = useState(0);
  const [network, setNetwork] = useState('');
  const [parser, setParser] = useState('');
  /** The row being decided, and how: its buttons show progress and neither can be pressed twice. */
  const [deciding, setDeciding] = useState<{ id: string; action: 'confirm' | 'reject' } | null>(null);
  const query = { limit: PAGE_SIZE, skip: page * PAGE_SIZE, network: network || undefined, parser: parser || undefined };
  const list = useApi(JSON.stringify(query), () => getSuspicious(query));
  const parserChoices = useMemo(() => parsers.filter((p) => !network || p.network === network), [parsers, network]);

  const decide = useCallback(
    async (item: SuspiciousPrice, action: 'confirm' | 'reject') => {
      setDeciding({ id: item._id, action });
      try {
        await decideSuspicious(item._id, action);
        toaster.create({ type: 'success', title: t(action === 'confirm' ? 'suspicious.confirmed' : 'suspicious.rejected', { product: item.productName }) });
      } catch (err) {
        // Someone else decided first: the row goes from the queue all the same.
        const taken = isApiError(err) && err.status === 409;
        toaster.create({ type: 'error', title: t('suspicious.decideFailed'), description: taken ? t('suspicious.alreadyDecided') : errorText(err) });
      } finally {
        setDeciding(null);
        list.reload();
        onChanged();
      }
    },
    [t, errorText, list, onChanged],
  );

  const lang = i18n.language;
  const dateTime = useMemo(() => new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'short', timeStyle: 'short' }), [lang]);
  const pct = useMemo(() => new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 1, signDisplay: 'always' }), [lang]);
  const columns = useMemo(() => {
    const col = dataColumnHelper<SuspiciousPrice>();
    return [
      // Minimum widths: on a phone the table scrolls sideways rather than squeeze names into a word a line.
      col.accessor('productName', {
        header: t('suspicious.columns.product'),
        meta: { wrap: true, width: '11rem' },
        cell: (c) => (
          <Stack gap="0">
            <Text fontWeight="medium">{c.getValue()}</Text>
            <Text fontSize="xs" color="fg.muted">
              {t('suspicious.productId', { id: c.row.original.productId })}
            </Text>
          </Stack>
        ),
      }),
      col.accessor('shopName', {
        header: t('suspicious.columns.shop'),
        meta: { wrap: true, width: '9rem' },
        cell: (c) => (
          <Stack gap="0">
            <Text>{c.getValue()}</Text>
            <Text fontSize="xs" color="fg.muted">
              {/* The parser is named after its shop; a chain-level parser's name says more. */}
              <NetworkName code={c.row.original.network} />
              {c.row.original.parserName !== c.getValue() ? ` · ${c.row.original.parserName}` : ''}
            </Text>
          </Stack>
        ),
      }),
      col.display({
        id: 'price',
        header: t('suspicious.columns.price'),
        meta: { wrap: true, width: '12rem' },
        cell: (c) => {
          const r = c.row.original;
          return (
            <Stack gap="1" align="start">
              <Text
                whiteSpace="nowrap"
                aria-label={t('suspicious.priceChange', { old: formatMoney(r.oldPrice, r.country, lang), new: formatMoney(r.newPrice, r.country, lang) })}
              >
                <chakra.span color="fg.muted">{formatMoney(r.oldPrice, r.country, lang)}</chakra.span> →{' '}
                <chakra.span fontWeight="semibold">{formatMoney(r.newPrice, r.country, lang)}</chakra.span>
              </Text>
              <HStack gap="1" wrap="wrap">
                <Badge colorPalette={r.changePct > 0 ? 'red' : 'orange'} variant="subtle">
                  {pct.format(r.changePct)} %
                </Badge>
                <Text fontSize="xs" color="fg.muted">
                  {t(`suspicious.references.${r.reference}`)}
                </Text>
              </HStack>
            </Stack>
          );
        },
      }),
      col.display({
        id: 'source',
        header: t('suspicious.columns.source'),
        meta: { wrap: true, width: '12rem' },
        cell: (c) => {
          const r = c.row.original;
          return (
            <Stack gap="0" maxW="18rem">
              <Text fontFamily="mono" fontSize="xs" wordBreak="break-word" title={t('suspicious.textTitle')}>
                {r.text ?? '—'}
              </Text>
              <Link
                href={r.url}
                target="_blank"
                rel="noopener noreferrer"
                fontSize="xs"
                colorPalette="blue"
                wordBreak="break-all"
                aria-label={t('suspicious.openPage', { product: r.productName })}
              >
                {r.url}
              </Link>
            </Stack>
          );
        },
      }),
      col.accessor('createdAt', {
        header: t('suspicious.columns.when'),
        cell: (c) => <Text whiteSpace="nowrap">{dateTime.format(new Date(c.getValue()))}</Text>,
      }),
      ...(canDecide
        ? [
            col.display({
              id: 'actions',
              header: t('columns.actions'),
              cell: (c) => {
                const r = c.row.original;
                const busy = deciding?.id === r._id;
                return (
                  <HStack gap="1" wrap="wrap">
                    <Button
                      size="xs"
                      colorPalette="green"
                      onClick={() => void decide(r, 'confirm')}
                      loading={busy && deciding?.action === 'confirm'}
                      disabled={busy}
                      aria-label={t('suspicious.confirmNamed', { product: r.productName, shop: r.shopName })}
                    >
                      {t('suspicious.confirm')}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => void decide(r, 'reject')}
                      loading={busy && deciding?.action === 'reject'}
                      disabled={busy}
                      aria-label={t('suspicious.rejectNamed', { product: r.productName, shop: r.shopName })}
                    >
                      {t('suspicious.reject')}
                    </Button>
                  </HStack>
                );
              },
            }),
          ]
        : []),
    ];
  }, [t, lang, pct, dateTime, canDecide, deciding, decide]);

  return (
    <Stack gap="4" mt="4">
      <Text color="fg.muted" fontSize="sm">
        {t('suspicious.description')}
      </Text>
      <HStack gap="4" wrap="wrap" align="end">
        <Box width="12rem">
          <FormField label={t('suspicious.filters.network')} htmlFor="suspicious-network">
            <SelectField
              id="suspicious-network"
              value={network}
              onChange={(value) => {
                setNetwork(value);
                setParser('');
                setPage(0);
              }}
            >
              <option value="">{t('suspicious.filters.all')}</option>
              {networks.map((n) => (
                <option key={n.code} value={n.code}>
                  {n.name}
                </option>
              ))}
            </SelectField>
          </FormField>
        </Box>
        <Box width="14rem">
          <FormField label={t('suspicious.filters.parser')} htmlFor="suspicious-parser">
            <SelectField
              id="suspicious-parser"
              value={parser}
              onChange={(value) => {
                setParser(value);
                setPage(0);
              }}
            >
              <option value="">{t('suspicious.filters.all')}</option>
              {parserChoices.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.name}
                </option>
              ))}
            </SelectField>
          </FormField>
        </Box>
        {list.data && (
          <Badge colorPalette={list.data.total ? 'orange' : 'gray'} variant="subtle" size="lg" aria-live="polite">
            {t('suspicious.waiting', { count: list.data.total })}
          </Badge>
        )}
      </HStack>
      {list.error ? (
        <ErrorState title={t('suspicious.loadFailed')} message={errorText(list.error)} onRetry={list.reload} />
      ) : !list.data ? (
        <LoadingState label={t('suspicious.loading')} />
      ) : (
        <>
          <DataTable
            label={t('suspicious.table')}
            columns={columns}
            data={list.data.items}
            getRowId={(r) => r._id}
            busy={list.loading}
            empty={<Text color="fg.muted">{t('suspicious.empty')}</Text>}
          />
          <Pager pageIndex={page} pageSize={PAGE_SIZE} total={list.data.total} onPageChange={setPage} label={t('suspicious.pages')} />
        </>
      )}
    </Stack>
  );
}
