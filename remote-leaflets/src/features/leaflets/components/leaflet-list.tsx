// LeafletList: the DEFAULT export (also named) — leaflet-screen.tsx renders it when the URL has no ?id=.
import { useMemo, useState } from 'react';
import { Box, Button, Flex, HStack, Image, Input, Link as ChakraLink, Progress, SegmentGroup, Text, chakra } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { selectToken, selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { LEAFLET_LIMITS, type Leaflet, type LeafletDetail } from '@pricewatch/shared/contract';
import { hasLeafletAccess, isHunterLimit, mayWriteLeaflet } from '@pricewatch/shared/permissions';
import { DataTable, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { DateField, EmptyState, ErrorState, FormField, LoadingState, SelectField, toaster, useDebounced } from '@pricewatch/shared/ui';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { deleteLeaflet, exportLeaflets, searchLeafletsByName, searchLeafletsByPeriod } from '../api/leaflets';
import { useNetworks } from '../../../lib/catalogue/use-networks';
import { useErrorText } from '../../../lib/error-text';
import { isoToUs, useFormatters } from '../../../lib/format';
import { useApi } from '@pricewatch/shared/query';
import { DeleteDialog } from './delete-dialog';
import { LeafletDialog } from './leaflet-dialog';
import { TopBar } from './top-bar';
import { imageUrlFromPath } from '../api/image-url';

/** Typing pauses this long before the name search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

type Mode = 'name' | 'period';
const col = dataColumnHelper<Leaflet>();

/**
 * The leaflet screen without ?id= (full page, no shell): find leaflets by name or by period and
 * network, open one, create, change and delete leaflets, and export chosen ones to Excel. Guests look
 * only, and a network user changes only its own network's leaflets (mayWriteLeaflet: the server's rule).
 */
export function LeafletList() {
  const { t } = useLeafletsTranslation();
  const user = useAuthStore(selectUser);
  const allowed = hasLeafletAccess(user) && !isHunterLimit(user);
  return (
    <Box minH="100vh" bg="bg.subtle">
      <TopBar />
      <Box as="main" p={{ base: '4', md: '6' }} maxW="1400px" mx="auto">
        {allowed ? (
          <LeafletSearch canWrite={!user?.isGuest} />
        ) : (
          <EmptyState title={t('list.notAllowed.title')} description={t('list.notAllowed.description')} />
        )}
      </Box>
    </Box>
  );
}

export default LeafletList;

function LeafletSearch({ canWrite }: { canWrite: boolean }) {
  const { t } = useLeafletsTranslation();
  const navigate = useNavigate();
  const token = useAuthStore(selectToken);
  const user = useAuthStore(selectUser);
  const f = useFormatters();
  const { errorText, fieldErrors } = useErrorText();
  const networks = useNetworks();

  const [mode, setMode] = useState<Mode>('name');
  const [name, setName] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [network, setNetwork] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<Leaflet | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Leaflet | null>(null);
  const [exporting, setExporting] = useState(false);

  const searchName = useDebounced(name.trim(), SEARCH_DEBOUNCE_MS);
  const periodProblem = mode === 'period' && start && end && end < start ? t('errors.end_before_start') : null;
  const key =
    mode === 'name' ? JSON.stringify(['name', searchName, network]) : start && end && !periodProblem ? JSON.stringify(['period', start, end, network]) : null;
  const list = useApi(key, () =>
    mode === 'name' ? searchLeafletsByName(searchName, network || undefined) : searchLeafletsByPeriod(isoToUs(start), isoToUs(end), network || undefined),
  );
  const serverProblems = list.error ? fieldErrors(list.error) : {};
  const listFailed = list.error && !serverProblems.start && !serverProblems.end && !serverProblems.name;
  const rows = useMemo(() => (key === null ? [] : (list.data ?? []).filter((l) => !removed.has(l._id))), [list.data, removed, key]);
  const shownIds = rows.map((r) => r._id);
  const chosen = shownIds.filter((id) => selected.has(id));

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  const columns = useMemo<DataColumnDef<Leaflet>[]>(
    () => [
      ...(canWrite
        ? [
            col.display({
              id: 'select',
              header: () => (
                <chakra.input
                  type="checkbox"
                  aria-label={t('list.table.selectAll')}
                  checked={allChosen}
                  onChange={(e) => setSelected(e.currentTarget.checked ? new Set(shownIds) : new Set())}
                />
              ),
              cell: ({ row }) => (
                <chakra.input
                  type="checkbox"
                  aria-label={t('list.table.select', { name: row.original.name })}
                  checked={selected.has(row.original._id)}
                  onChange={(e) => toggle(row.original._id, e.currentTarget.checked)}
                />
              ),
              meta: { width: '2.5rem' },
            }),
          ]
        : []),
      col.display({
        id: 'cover',
        header: () => t('list.table.cover'),
        cell: ({ row }) =>
          row.original.coverThumbUrl ? (
            <Image
              src={imageUrlFromPath(row.original.coverThumbUrl, 'thumb')}
              alt={t('list.table.coverOf', { name: row.original.name })}
              loading="lazy"
              htmlWidth={48}
              htmlHeight={64}
              w="48px"
              h="64px"
              objectFit="cover"
              borderRadius="sm"
              borderWidth="1px"
              bg="bg.muted"
            />
          ) : (
            <Flex
              w="48px"
              h="64px"
              align="center"
              justify="center"
              borderRadius="sm"
              borderWidth="1px"
              borderStyle="dashed"
              color="fg.subtle"
              fontSize="xs"
              textAlign="center"
            >
              {t('list.table.noCover')}
            </Flex>
          ),
        meta: { width: '4rem' },
      }),
      col.accessor('name', {
        header: t('list.table.name'),
        cell: ({ row }) => (
          <Box>
            <ChakraLink asChild fontWeight="medium" color="blue.fg">
              <Link to={`/leaflet?id=${encodeURIComponent(row.original._id)}`}>{row.original.name}</Link>
            </ChakraLink>
            {row.original.description && (
              // Whole on a phone (no hover shows a title there); one line on a wide screen.
              <Text fontSize="xs" color="fg.muted" lineClamp={{ base: 'none', md: 1 }} maxW="28rem" title={row.original.description}>
                {row.original.description}
              </Text>
            )}
          </Box>
        ),
        meta: { wrap: true, width: '11rem' },
      }),
      col.accessor('networkName', { header: t('list.table.network') }),
      col.accessor('start', { header: t('list.table.period'), cell: ({ row }) => f.period(row.original.start, row.original.end) }),
      col.accessor('pageCount', { header: t('list.table.pages'), meta: { numeric: true } }),
      col.accessor('priceCount', { header: t('list.table.prices'), meta: { numeric: true } }),
      col.display({
        id: 'actions',
        header: () => t('list.table.actions'),
        cell: ({ row }) => (
          <HStack gap="1">
            <Button
              size="xs"
              variant="outline"
              onClick={() => navigate(`/leaflet?id=${encodeURIComponent(row.original._id)}`)}
              aria-label={t('list.actions.openNamed', { name: row.original.name })}
            >
              {t('list.actions.open')}
            </Button>
            {canWrite && mayWriteLeaflet(user, row.original.network) && (
              <>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => setEditing(row.original)}
                  aria-label={t('list.actions.editNamed', { name: row.original.name })}
                >
                  {t('list.actions.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setDeleting(row.original)}
                  aria-label={t('list.actions.deleteNamed', { name: row.original.name })}
                >
                  {t('list.actions.delete')}
                </Button>
              </>
            )}
          </HStack>
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, f, token, user, selected, canWrite, allChosen, shownIds.join()],
  );

  const onSaved = (saved: LeafletDetail, created: boolean) => {
    setEditing(undefined);
    if (created) navigate(`/leaflet?id=${encodeURIComponent(saved._id)}`);
    else list.reload();
  };

  const onDeleted = (leaflet: Leaflet) => {
    setDeleting(null);
    setRemoved((s) => new Set(s).add(leaflet._id));
    setSelected((s) => {
      const n = new Set(s);
      n.delete(leaflet._id);
      return n;
    });
    toaster.create({ type: 'success', title: t('list.toast.deleted', { name: leaflet.name }) });
  };

  const exportChosen = async () => {
    setExporting(true);
    try {
      await exportLeaflets(chosen, LEAFLET_LIMITS.exportMaxRows, `${t('list.exportFileName')}.xlsx`);
      toaster.create({ type: 'success', title: t('list.toast.exported', { count: chosen.length }) });
    } catch (error) {
      toaster.create({ type: 'error', title: t('list.toast.exportFailed'), description: errorText(error) });
    } finally {
      setExporting(false);
    }
  };

  const networkOptions = useMemo(() => networks.data ?? [], [networks.data]);
  // Leaflets are created in (or moved to) the caller's own network only; the provider's staff: any.
  const writableNetworks = useMemo(() => networkOptions.filter((n) => mayWriteLeaflet(user, n.code)), [networkOptions, user]);
  const searching = mode === 'name' ? !!searchName || !!network : true;

  return (
    <Box>
      <Flex gap="3" wrap="wrap" align="end" mb="4" p="4" bg="bg" borderWidth="1px" borderRadius="md" role="search" aria-label={t('list.search.label')}>
        <Box>
          <Text fontSize="sm" fontWeight="medium" mb="1" id="leaflet-mode-label">
            {t('list.search.by')}
          </Text>
          <SegmentGroup.Root size="sm" value={mode} onValueChange={(e) => setMode((e.value as Mode) ?? 'name')} aria-labelledby="leaflet-mode-label">
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: 'name', label: t('list.search.byName') },
                { value: 'period', label: t('list.search.byPeriod') },
              ]}
            />
          </SegmentGroup.Root>
        </Box>
        {mode === 'name' ? (
          <Box minW="260px" flex="1" maxW="420px">
            <FormField label={t('list.search.name')} htmlFor="leaflet-search-name" error={serverProblems.name}>
              <Input
                id="leaflet-search-name"
                size="sm"
                type="search"
                placeholder={t('list.search.namePlaceholder')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
            </FormField>
          </Box>
        ) : (
          <>
            <FormField label={t('list.search.start')} htmlFor="leaflet-search-start" error={serverProblems.start}>
              <DateField id="leaflet-search-start" value={start} invalid={!!serverProblems.start} onChange={setStart} />
            </FormField>
            <FormField label={t('list.search.end')} htmlFor="leaflet-search-end" error={periodProblem ?? serverProblems.end}>
              <DateField id="leaflet-search-end" value={end} invalid={!!(periodProblem || serverProblems.end)} onChange={setEnd} />
            </FormField>
          </>
        )}
        <Box minW="200px">
          <FormField label={t('list.search.network')} htmlFor="leaflet-search-network">
            <SelectField id="leaflet-search-network" value={network} onChange={setNetwork}>
              <option value="">{t('list.search.allNetworks')}</option>
              {networkOptions.map((n) => (
                <option key={n.code} value={n.code}>
                  {n.name}
                </option>
              ))}
            </SelectField>
          </FormField>
        </Box>
        {canWrite && (
          <Flex gap="2" ms="auto" wrap="wrap" align="center">
            <Button
              size="sm"
              variant="outline"
              disabled={!chosen.length || exporting}
              loading={exporting}
              loadingText={t('list.export.busy')}
              onClick={() => void exportChosen()}
            >
              {chosen.length ? t('list.actions.exportCount', { count: chosen.length }) : t('list.actions.export')}
            </Button>
            <Button size="sm" colorPalette="blue" disabled={!networks.data} onClick={() => setEditing(null)}>
              {t('list.actions.new')}
            </Button>
          </Flex>
        )}
      </Flex>

      {exporting && (
        <Box mb="3" role="status" aria-live="polite">
          <Progress.Root value={null} size="xs" aria-label={t('list.export.busy')}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" color="fg.muted" mt="1">
            {t('list.export.progress', { count: chosen.length })}
          </Text>
        </Box>
      )}

      {listFailed ? (
        <ErrorState title={t('list.loadFailed')} message={errorText(list.error)} onRetry={list.reload} />
      ) : key === null ? (
        <EmptyState title={t('list.empty.choosePeriod')} description={t('list.empty.choosePeriodHint')} />
      ) : list.loading && !list.data ? (
        <LoadingState label={t('list.loading')} />
      ) : rows.length === 0 && !list.loading ? (
        searching ? (
          <EmptyState title={t('list.empty.noMatch')} description={t('list.empty.noMatchHint')} />
        ) : (
          <EmptyState
            title={t('list.empty.none')}
            description={t(canWrite ? 'list.empty.noneHint' : 'list.empty.noneGuest')}
            action={
              canWrite && networks.data ? (
                <Button size="sm" colorPalette="blue" onClick={() => setEditing(null)}>
                  {t('list.actions.new')}
                </Button>
              ) : undefined
            }
          />
        )
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" mb="2" data-testid="leaflet-count">
            {rows.length >= LEAFLET_LIMITS.searchMax ? t('list.foundMax', { count: rows.length }) : t('list.found', { count: rows.length })}
          </Text>
          <DataTable columns={columns} data={rows} label={t('list.table.label')} getRowId={(r) => r._id} busy={list.loading} pageSize={50} />
        </>
      )}

      {networks.error && (
        <Text fontSize="sm" color="fg.error" mt="2" role="alert">
          {t('list.networksFailed')} {errorText(networks.error)}
        </Text>
      )}

      {canWrite && (
        <>
          <LeafletDialog
            open={editing !== undefined}
            leaflet={editing ?? null}
            networks={writableNetworks}
            onClose={() => setEditing(undefined)}
            onSaved={onSaved}
          />
          <DeleteDialog leaflet={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} remove={async (id) => void (await deleteLeaflet(id))} />
        </>
      )}
    </Box>
  );
}
