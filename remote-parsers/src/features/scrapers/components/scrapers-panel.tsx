import { useMemo, useState } from 'react';
import { Badge, Box, Button, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import type { ParserNetwork, ScraperRequest } from '@pricewatch/shared/contract';
import { DataTable, Pager, dataColumnHelper } from '@pricewatch/shared/table';
import { ErrorState, FormField, LoadingState, SelectField, toaster } from '@pricewatch/shared/ui';
import { createScraperRequest, deleteScraperRequest, getScraperRequests } from '../api/scrapers';
import { useErrorText } from '../../../lib/error-text';
import { useParsersTranslation } from '../../../lib/i18n';
import { NetworkName } from '../../../lib/network-names';
import { useApi } from '@pricewatch/shared/query';

const PAGE_SIZE = 30;
const OPEN_POLL_MS = 1500;

/**
 * Scraper requests: have one product scraped now by a network's parsers; list and delete them.
 * `networks`: those that have parsers the user sees (GET /parsers/networks).
 */
export function ScrapersPanel({ canWrite, networks }: { canWrite: boolean; networks: ParserNetwork[] }) {
  const { t } = useParsersTranslation();
  const errorText = useErrorText();
  const [page, setPage] = useState(0);
  const [productId, setProductId] = useState('');
  const [network, setNetwork] = useState('');
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const query = { limit: PAGE_SIZE, skip: page * PAGE_SIZE };
  // Open requests finish in seconds: look again while any is open.
  const list = useApi(JSON.stringify(query), () => getScraperRequests(query), {
    refetchInterval: (data) => (data?.items.some((r) => r.status === 'queued' || r.status === 'running') ? OPEN_POLL_MS : false),
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!/^\d+$/.test(productId.trim())) return setFormError(t('scrapers.productIdInvalid'));
    const chosen = network || networks[0]?.code;
    if (!chosen) return setFormError(t('scrapers.networkRequired'));
    setSaving(true);
    try {
      await createScraperRequest({ productId: productId.trim(), network: chosen });
      setProductId('');
      toaster.create({ type: 'success', title: t('scrapers.created') });
      list.reload();
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  const columns = useMemo(() => {
    const col = dataColumnHelper<ScraperRequest>();
    return [
      col.accessor('productName', { header: t('scrapers.columns.product'), meta: { wrap: true } }),
      col.accessor('network', { header: t('scrapers.columns.network'), cell: (c) => <NetworkName code={c.getValue()} /> }),
      col.accessor('user', { header: t('scrapers.columns.user') }),
      col.accessor('status', {
        header: t('columns.status'),
        cell: (c) => (
          <Stack gap="1" align="start">
            <Badge colorPalette={c.getValue() === 'done' ? 'green' : c.getValue() === 'failed' ? 'red' : 'blue'} variant="subtle">
              {t(`status.${c.getValue()}`)}
            </Badge>
            {/* A failed request says why; the server's details (English) are the hover text. `?? []`: a
                remote is released on its own and may meet a server older than `failures`. */}
            {(c.row.original.failures ?? []).map((f) => (
              <Text key={f.kind} fontSize="xs" color="fg.error" title={f.message}>
                {t('scrapers.failedBecause', { reason: t(`problemKinds.${f.kind}`, { defaultValue: f.kind }) })}
              </Text>
            ))}
          </Stack>
        ),
      }),
      col.display({
        id: 'result',
        header: t('scrapers.columns.result'),
        meta: { wrap: true },
        cell: (c) =>
          c.row.original.results.length === 0
            ? '—'
            : c.row.original.results.map((r) => (
                <Text key={r.url} fontSize="sm">
                  {r.problem
                    ? t(`problemKinds.${r.problem.kind}`, { defaultValue: r.problem.kind })
                    : `${r.price ?? '—'} ${r.currency ?? ''}${r.promo ? ` (${t('scrapers.promo')})` : ''}`}
                </Text>
              )),
      }),
      col.display({
        id: 'actions',
        header: t('columns.actions'),
        cell: (c) =>
          canWrite && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={t('scrapers.deleteNamed', { name: c.row.original.productName })}
              onClick={async () => {
                try {
                  await deleteScraperRequest(c.row.original._id);
                  list.reload();
                } catch (err) {
                  toaster.create({ type: 'error', title: t('scrapers.deleteFailed'), description: errorText(err) });
                }
              }}
            >
              {t('scrapers.delete')}
            </Button>
          ),
      }),
    ];
  }, [t, canWrite, list, errorText]);

  return (
    <Stack gap="4" mt="4">
      {canWrite && (
        <chakra.form onSubmit={submit} aria-label={t('scrapers.formLabel')}>
          <HStack gap="3" align="end" wrap="wrap">
            <Box width="12rem">
              <FormField label={t('scrapers.productId')} htmlFor="scraper-product">
                <Input id="scraper-product" size="sm" inputMode="numeric" value={productId} onChange={(e) => setProductId(e.currentTarget.value)} />
              </FormField>
            </Box>
            <Box width="12rem">
              <FormField label={t('scrapers.network')} htmlFor="scraper-network">
                <SelectField id="scraper-network" value={network || networks[0]?.code || ''} onChange={setNetwork}>
                  {networks.map((n) => (
                    <option key={n.code} value={n.code}>
                      {n.name}
                    </option>
                  ))}
                </SelectField>
              </FormField>
            </Box>
            <Button type="submit" size="sm" loading={saving}>
              {t('scrapers.create')}
            </Button>
          </HStack>
          {formError && (
            <Text role="alert" color="fg.error" fontSize="sm" mt="2">
              {formError}
            </Text>
          )}
        </chakra.form>
      )}
      {list.error ? (
        <ErrorState title={t('errors.load')} message={errorText(list.error)} onRetry={list.reload} />
      ) : !list.data ? (
        <LoadingState label={t('loading')} />
      ) : (
        <>
          <DataTable
            label={t('scrapers.tableLabel')}
            columns={columns}
            data={list.data.items}
            getRowId={(r) => r._id}
            empty={<Text color="fg.muted">{t('scrapers.empty')}</Text>}
          />
          <Pager pageIndex={page} pageSize={PAGE_SIZE} total={list.data.total} onPageChange={setPage} label={t('scrapers.pages')} />
        </>
      )}
    </Stack>
  );
}
