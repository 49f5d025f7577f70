import { useCallback, useMemo, useState } from 'react';
import { Badge, Box, Tabs } from '@chakra-ui/react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { hasAccess } from '@pricewatch/shared/permissions';
import { EmptyState, PageHeader } from '@pricewatch/shared/ui';
import { ParsersPanel } from '../features/parsers/components/parsers-panel';
import { ScrapersPanel } from '../features/scrapers/components/scrapers-panel';
import { SuspiciousPanel } from '../features/suspicious/components/suspicious-panel';
import { MatchingPanel } from '../features/matching/components/matching-panel';
import { ParserEditor } from '../features/editor/components/parser-editor';
import { DeleteParserDialog } from '../features/editor/components/delete-parser-dialog';
import type { ParserListItem } from '@pricewatch/shared/contract';
import { toaster } from '@pricewatch/shared/ui';
import { getSuspicious } from '../features/suspicious/api/suspicious';
import { getParsers } from '../features/parsers/api/parsers';
import { useParsersTranslation } from '../lib/i18n';
import { queryClient, queryKeys, useApi, useCatalogue } from '@pricewatch/shared/query';

/**
 * The Parsers area (route `parsers`): every parser's last run, problems and not-found products, force
 * start with live progress and the run's results file; the queue of suspicious prices (held by the
 * sanity guard) with their count; pages whose product matched nothing ("To match") with their count;
 * scraper requests. Guests look but do not start or decide anything
 * (the server enforces it too). `?edit=new` / `?edit={id}`: the parser editor in place of the tabs (an
 * address of its own without a route of the host's).
 */
export default function ParsersScreen() {
  const { t } = useParsersTranslation();
  const user = useAuthStore(selectUser);
  const allowed = hasAccess(user, 'parser');
  const canWrite = allowed && !user?.isGuest;
  const [tab, setTab] = useState('parsers');
  const [params] = useSearchParams();
  const editing = params.get('edit');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The parsers the user sees: the suspicious prices' and "To match"'s parser choices, the count waiting.
  const parsers = useApi(allowed ? 'parsers' : null, async () =>
    (await getParsers({ limit: 500, skip: 0 })).items.map((p) => ({ _id: p._id, name: p.name, network: p.network, unmatched: p.unmatched })),
  );
  // Pages waiting in "To match", over every parser the user sees; the parser shown there.
  const toMatch = (parsers.data ?? []).reduce((n, p) => n + p.unmatched, 0);
  const [matchParser, setMatchParser] = useState<string | null>(null);
  const reloadParsers = parsers.reload;
  const [matched, setMatched] = useState(0);
  const onMatched = useCallback(() => {
    reloadParsers();
    setMatched((n) => n + 1);
  }, [reloadParsers]);
  const openToMatch = useCallback((parserId: string) => {
    setMatchParser(parserId);
    setTab('toMatch');
  }, []);
  // Stable, so the parsers table keeps its rows (and their buttons) while the screen's other data arrives.
  const toMatchLink = useMemo(() => ({ open: openToMatch }), [openToMatch]);
  // The networks that have parsers (GET /parsers/networks, once per session): a scraper request's, the suspicious filter's.
  const parserNetworks = useCatalogue('parserNetworks', allowed).data;
  const networks = useMemo(() => parserNetworks ?? [], [parserNetworks]);
  // A parser added or deleted may add or remove its network.
  const parsersChanged = useCallback(() => {
    reloadParsers();
    void queryClient.invalidateQueries({ queryKey: queryKeys.parserNetworks.all });
  }, [reloadParsers]);
  // The count of the suspicious prices waiting, shown on their tab and in the parsers' filters.
  const suspicious = useApi(allowed ? 'suspicious-count' : null, () => getSuspicious({ limit: 1, skip: 0 }));
  const waiting = suspicious.data?.total ?? 0;
  const reloadCount = suspicious.reload;
  // A decision changes the queue's count and, for a rejection, its run's problems in the parsers' list.
  const [decisions, setDecisions] = useState(0);
  const onDecided = useCallback(() => {
    reloadCount();
    setDecisions((n) => n + 1);
  }, [reloadCount]);
  const openSuspicious = useCallback(() => setTab('suspicious'), []);
  // Deleting a parser asks first; once gone the list is read again (it counts as a change there).
  const [deleting, setDeleting] = useState<ParserListItem | null>(null);
  const [deleted, setDeleted] = useState(0);

  return (
    // No padding of its own: the shell's main has it (doubled, a phone lost 32 px of its 390).
    <Box>
      <PageHeader title={t('title')} description={t('description')} />
      {!allowed ? (
        <EmptyState title={t('notAllowed.title')} description={t('notAllowed.description')} />
      ) : editing ? (
        <ParserEditor
          id={editing}
          backTo={pathname}
          onSaved={() => {
            parsersChanged();
            navigate(pathname);
          }}
        />
      ) : (
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line" mt="4">
          <Tabs.List>
            <Tabs.Trigger value="parsers">{t('tabs.parsers')}</Tabs.Trigger>
            <Tabs.Trigger value="suspicious">
              {t('tabs.suspicious')}
              {waiting > 0 && (
                <Badge colorPalette="orange" variant="solid" size="sm" aria-label={t('suspicious.waiting', { count: waiting })}>
                  {waiting}
                </Badge>
              )}
            </Tabs.Trigger>
            <Tabs.Trigger value="toMatch">
              {t('tabs.toMatch')}
              {toMatch > 0 && (
                <Badge colorPalette="blue" variant="solid" size="sm" aria-label={t('matching.waiting', { count: toMatch })}>
                  {toMatch}
                </Badge>
              )}
            </Tabs.Trigger>
            <Tabs.Trigger value="scrapers">{t('tabs.scrapers')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="parsers">
            <ParsersPanel
              canWrite={canWrite}
              onDelete={setDeleting}
              suspicious={{ count: waiting, open: openSuspicious, decisions: decisions + matched + deleted }}
              toMatch={toMatchLink}
            />
          </Tabs.Content>
          <Tabs.Content value="suspicious">
            {/* Deciding is for those who see the Start button: the force-start rule (server/docs/parsers.md). */}
            <SuspiciousPanel canDecide={canWrite} networks={networks} parsers={parsers.data ?? []} onChanged={onDecided} />
          </Tabs.Content>
          <Tabs.Content value="toMatch">
            <MatchingPanel canDecide={canWrite} parsers={parsers.data ?? []} parserId={matchParser} onParserChange={setMatchParser} onChanged={onMatched} />
          </Tabs.Content>
          <Tabs.Content value="scrapers">
            <ScrapersPanel canWrite={canWrite} networks={networks} />
          </Tabs.Content>
        </Tabs.Root>
      )}
      <DeleteParserDialog
        parser={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(p) => {
          setDeleting(null);
          toaster.create({ type: 'success', title: t('editor.delete.done', { name: p.name }) });
          setDeleted((n) => n + 1);
          parsersChanged();
        }}
      />
    </Box>
  );
}
