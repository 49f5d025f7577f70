import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Flex, HStack, Heading, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import type { Box as PriceBox, LeafletDetail, LeafletPrice, LeafletPricesPage } from '@pricewatch/shared/contract';
import { LEAFLET_LIMITS } from '@pricewatch/shared/contract';
import { mayWriteLeaflet } from '@pricewatch/shared/permissions';
import { EmptyState, ErrorState, LoadingState } from '@pricewatch/shared/ui';
import { getLeaflet, getLeafletPrices } from '../api/leaflets';
import { useNetworks } from '../../../lib/catalogue/use-networks';
import { useErrorText } from '../../../lib/error-text';
import { useFormatters } from '../../../lib/format';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { useApi } from '@pricewatch/shared/query';
import { LeafletDialog } from './leaflet-dialog';
import { PagePicture, type DrawnBox } from './page-picture';
import { PageStrip } from './page-strip';
import { PriceForm, draftOf, type PriceDraft } from './price-form';
import { PricesPanel } from './prices-panel';
import { RecognitionPanel } from './recognition-panel';
import { StatisticsPanel } from './statistics-panel';

/** The list of leaflets (this screen without ?id=). */
export const LIST_PATH = '/leaflet';
const CANDIDATE_BOX = 'candidate';

/** "Not found" with the way back to the list (unknown or invalid id). */
export function LeafletNotFound() {
  const { t } = useLeafletsTranslation();
  return (
    <Box as="main" p="8">
      <EmptyState
        title={t('leaflet.notFound')}
        description={t('leaflet.notFoundHint')}
        action={
          <Link asChild colorPalette="blue">
            <RouterLink to={LIST_PATH}>{t('leaflet.backToList')}</RouterLink>
          </Link>
        }
      />
    </Box>
  );
}

/**
 * /leaflet?id=N, a full page without the shell: a slim bar (back, name, network, period, currency,
 * edit), then the pages strip, the selected page with its price boxes, and the page's prices with the
 * add-price form and recognition. A second tab has the whole leaflet's statistics.
 */
export function LeafletView({ id }: { id: string }) {
  const { t } = useLeafletsTranslation();
  const f = useFormatters();
  const { errorText } = useErrorText();
  const user = useAuthStore(selectUser);
  const [leafletVersion, setLeafletVersion] = useState(0);
  const [pricesVersion, setPricesVersion] = useState(0);
  const leaflet = useApi<LeafletDetail>(`${id}:${leafletVersion}`, () => getLeaflet(id));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tab, setTab] = useState('pages');
  const [draft, setDraft] = useState<PriceDraft | null>(null);
  const [draftBox, setDraftBox] = useState<PriceBox | null>(null);
  /** A new form (Add price, Fix) starts afresh; drawing a box keeps what is typed. */
  const [formKey, setFormKey] = useState(0);
  const openForm = (d: PriceDraft) => {
    setDraft(d);
    setDraftBox(d.box ?? null);
    setFormKey((k) => k + 1);
  };
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [candidateBox, setCandidateBox] = useState<PriceBox | null>(null);
  const [editing, setEditing] = useState(false);
  const networks = useNetworks(editing);

  const data = leaflet.data;
  // The server's rule (issue 13): the leaflet's own network's users or the provider's staff; never guests.
  const canWrite = mayWriteLeaflet(user, data?.network);
  const pages = useMemo(() => data?.pages ?? [], [data]);
  const page = pages.find((p) => p._id === selectedId) ?? pages[0] ?? null;
  useEffect(() => {
    if (!selectedId && pages[0]) setSelectedId(pages[0]._id);
  }, [pages, selectedId]);
  useEffect(() => setDraft(null), [page?._id]);

  // All boxes of the selected page (not only the table's 10 rows).
  const boxes = useApi<LeafletPricesPage>(page ? `boxes:${id}:${page._id}:${pricesVersion}` : null, () =>
    getLeafletPrices(id, 0, LEAFLET_LIMITS.pageSizeMax, page!._id),
  );
  const drawn = useMemo<DrawnBox[]>(() => {
    const out: DrawnBox[] = (boxes.data?.items ?? [])
      .filter((p) => p.box && p.pageId === page?._id)
      .map((p) => ({ id: p._id, box: p.box!, label: `${p.productName} — ${p.price}` }));
    if (candidateBox) out.push({ id: CANDIDATE_BOX, box: candidateBox, label: t('leaflet.candidate') });
    if (draft && draftBox) out.push({ id: 'draft', box: draftBox, label: t('leaflet.addPrice') });
    return out;
  }, [boxes.data, page?._id, candidateBox, draft, draftBox, t]);

  /** A price was added, changed or deleted: the table, boxes, statistics and counts are asked again. */
  const pricesChanged = () => {
    setPricesVersion((v) => v + 1);
    setLeafletVersion((v) => v + 1);
  };

  /** Edit: the price form, prefilled with the stored price (PUTs the changed fields). */
  const editPrice = useCallback((p: LeafletPrice) => {
    const d = draftOf(p);
    setDraft(d);
    setDraftBox(d.box ?? null);
    setFormKey((k) => k + 1);
  }, []);

  if (!data) {
    if (leaflet.error?.status === 404 || leaflet.error?.fields?.some((x) => x.path === 'id')) return <LeafletNotFound />;
    if (leaflet.error) return <ErrorState title={t('leaflet.loadFailed')} message={errorText(leaflet.error)} onRetry={leaflet.reload} />;
    return <LoadingState />;
  }

  return (
    // Below lg the strip, the picture (full width) and the prices stack and the page scrolls as one;
    // side by side they would leave the picture no width on a phone.
    // The page's main landmark: this screen has no shell around it.
    <Flex as="main" direction="column" h={{ base: 'auto', lg: '100vh' }} minH="100vh" overflow={{ base: 'visible', lg: 'hidden' }} data-testid="leaflet-view">
      <HStack as="header" px="3" py="1.5" borderBottomWidth="1px" gap="3" flexShrink={0} wrap="wrap">
        <Link asChild fontSize="sm" colorPalette="blue">
          <RouterLink to={LIST_PATH}>← {t('leaflet.backToList')}</RouterLink>
        </Link>
        <Heading as="h1" size="md" truncate maxW="40ch" title={data.name}>
          {data.name}
        </Heading>
        <Badge variant="subtle">{data.networkName}</Badge>
        <Text fontSize="sm" color="fg.muted" data-testid="leaflet-period">
          {f.period(data.start, data.end)}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {data.currency}
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="leaflet-counts">
          {t('leaflet.counts', { pages: data.pageCount, prices: data.priceCount })}
        </Text>
        {canWrite && (
          <Button size="xs" variant="ghost" onClick={() => setEditing(true)}>
            {t('leaflet.edit')}
          </Button>
        )}
      </HStack>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line" size="sm" display="flex" flexDirection="column" flex="1" minH="0">
        <Tabs.List px="3" flexShrink={0}>
          <Tabs.Trigger value="pages">{t('leaflet.tabPages')}</Tabs.Trigger>
          <Tabs.Trigger value="stats">{t('leaflet.tabStatistics')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pages" flex="1" minH="0" pt="0">
          <Flex h={{ base: 'auto', lg: '100%' }} minH="0" direction={{ base: 'column', lg: 'row' }}>
            <PageStrip
              leafletId={data._id}
              pages={pages}
              selectedId={page?._id ?? null}
              onSelect={setSelectedId}
              canWrite={canWrite}
              onUploaded={(last) => {
                if (last) setSelectedId(last._id);
                setLeafletVersion((v) => v + 1);
              }}
            />
            <Box flex="1" minW="0" overflowY={{ lg: 'auto' }} p="3" bg="bg.muted">
              {page ? (
                <PagePicture
                  page={page}
                  boxes={drawn}
                  highlightId={candidateBox ? CANDIDATE_BOX : highlightId}
                  onHighlight={setHighlightId}
                  onDraw={
                    canWrite
                      ? (box) => {
                          if (!draft) openForm({ source: 'manual' });
                          setDraftBox(box);
                        }
                      : undefined
                  }
                />
              ) : (
                <EmptyState title={t('leaflet.noPages')} description={canWrite ? t('leaflet.noPagesHint') : undefined} />
              )}
            </Box>
            <Stack
              w={{ base: 'auto', lg: '420px', xl: '520px' }}
              flexShrink={0}
              overflowY={{ lg: 'auto' }}
              p="3"
              gap="3"
              borderLeftWidth={{ lg: '1px' }}
              borderTopWidth={{ base: '1px', lg: '0' }}
            >
              <HStack justify="space-between">
                <Heading as="h2" size="sm">
                  {page ? t('leaflet.pricesOfPageN', { n: page.pageNo }) : t('leaflet.pricesOfPage')}
                </Heading>
                {canWrite && page && !draft && (
                  <Button size="xs" onClick={() => openForm({ source: 'manual' })}>
                    {t('leaflet.addPrice')}
                  </Button>
                )}
              </HStack>
              {draft && page && (
                <PriceForm
                  key={formKey}
                  leafletId={data._id}
                  pageId={page._id}
                  draft={draft}
                  box={draftBox}
                  onCancel={() => setDraft(null)}
                  onSaved={() => {
                    setDraft(null);
                    pricesChanged();
                  }}
                />
              )}
              {page && (
                <PricesPanel
                  // A fresh panel per page picture: its pager starts at page 1 without first asking
                  // for the old page number of the new picture.
                  key={page._id}
                  leafletId={data._id}
                  pageId={page._id}
                  currency={data.currency}
                  version={pricesVersion}
                  highlightId={highlightId}
                  onHighlight={setHighlightId}
                  canWrite={canWrite}
                  onEdit={editPrice}
                  onDeleted={(gone) => {
                    if (draft?.priceId === gone._id) setDraft(null);
                    pricesChanged();
                  }}
                />
              )}
              {page && (
                <Box borderTopWidth="1px" pt="3">
                  <RecognitionPanel
                    leafletId={data._id}
                    page={page}
                    currency={data.currency}
                    canWrite={canWrite}
                    onAccepted={pricesChanged}
                    onFix={openForm}
                    onHighlightBox={setCandidateBox}
                  />
                </Box>
              )}
            </Stack>
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="stats" flex="1" minH="0" pt="0">
          <StatisticsPanel leafletId={data._id} currency={data.currency} version={pricesVersion} />
        </Tabs.Content>
      </Tabs.Root>
      {canWrite && (
        // The list's create/edit dialog; networks are asked for only once it opens.
        <LeafletDialog
          open={editing}
          leaflet={data}
          networks={(networks.data ?? []).filter((n) => mayWriteLeaflet(user, n.code))}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setLeafletVersion((v) => v + 1);
          }}
        />
      )}
    </Flex>
  );
}
