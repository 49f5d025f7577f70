import { useCallback, useMemo, useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import type { ExportTemplate } from '@pricewatch/shared/contract';
import { exportTypesFor, hasCustomMarketsSwitcher, isProductUser } from '@pricewatch/shared/permissions';
import { LoadingState, PageHeader } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { useExportsTranslation } from '../../../lib/i18n';
import { useNetworks } from '../../../lib/catalogue/get-networks';
import { useShops } from '../../../lib/catalogue/get-shops';
import { useTemplates } from '../api/templates';
import { emptyForm, formOfTemplate, type ExportForm as Form } from '../form-model';
import { ExportForm, type ExportRights } from './export-form';
import { RequestsPanel } from './requests-panel';
import { SchedulesPanel } from './schedules-panel';
import { TemplatesPanel } from './templates-panel';

const NO_TEMPLATES: ExportTemplate[] = [];

/**
 * Unloading prices (route /report-analytics): choose networks, shops, products and a period, and get
 * the prices as an Excel file — now (the request runs as a background job; its state and progress
 * move live in the list, with the download when done) or on a schedule, from a saved template.
 * Guests (spec §6: admin for seeing, not for rights) look only: no form and no action the server
 * would refuse them.
 */
export function ReportAnalytics() {
  const { t } = useExportsTranslation();
  const user = useAuthStore(selectUser);
  // The server's rule for every export write: the menu rule (this screen) and not a guest.
  const canWrite = !!user && !user.isGuest;
  const networks = useNetworks();
  const shops = useShops();

  // The export types of the user's flags: the server's rule (spec §6; Atb- and Metro-type chains too).
  const rights = useMemo<ExportRights>(
    () => ({ types: exportTypesFor(user), baseNetwork: isProductUser(user), customMarketsSwitch: hasCustomMarketsSwitcher(user) }),
    [user],
  );

  const [form, setForm] = useState<Form>(() => emptyForm());
  const [requestsVersion, setRequestsVersion] = useState(0);
  const [templatesVersion, setTemplatesVersion] = useState(0);
  const templates = useTemplates(templatesVersion);
  const patch = useCallback((p: Partial<Form>) => setForm((f) => ({ ...f, ...p })), []);
  const requestsChanged = useCallback(() => setRequestsVersion((v) => v + 1), []);
  const templatesChanged = useCallback(() => {
    setTemplatesVersion((v) => v + 1);
    setRequestsVersion((v) => v + 1);
  }, []);
  const loadTemplate = useCallback(
    (template: ExportTemplate) => {
      setForm({ ...formOfTemplate(template), type: rights.types.includes(template.type) ? template.type : 'inline' });
      document.getElementById('report-form')?.scrollIntoView?.({ behavior: 'smooth' });
    },
    [rights],
  );

  const clientNetworks = (networks.data ?? []).filter((n) => !n.isProduct);

  return (
    <Stack gap="5">
      <PageHeader title={t('reportAnalytics.title')} description={t('reportAnalytics.description')} />
      {canWrite ? (
        <Panel title={t('reportAnalytics.form.title')} description={t('reportAnalytics.form.description')} headingId="report-form">
          {networks.error || shops.error ? (
            <LoadError
              title={t('reportAnalytics.form.loadError')}
              error={networks.error ?? shops.error}
              onRetry={() => (networks.error ? networks.reload() : shops.reload())}
            />
          ) : !networks.data || !shops.data ? (
            <LoadingState />
          ) : (
            <ExportForm
              form={form}
              onChange={patch}
              rights={rights}
              networks={clientNetworks}
              shops={shops.data}
              onCreated={requestsChanged}
              onTemplateSaved={templatesChanged}
            />
          )}
        </Panel>
      ) : (
        <Text color="fg.muted" maxW="prose">
          {t('reportAnalytics.readOnly')}
        </Text>
      )}
      <RequestsPanel version={requestsVersion} onChanged={requestsChanged} canWrite={canWrite} />
      <TemplatesPanel
        data={templates.data}
        error={templates.error}
        reload={templates.reload}
        onUse={loadTemplate}
        onChanged={templatesChanged}
        canWrite={canWrite}
      />
      <SchedulesPanel templates={templates.data ?? NO_TEMPLATES} version={templatesVersion} onChanged={templatesChanged} canWrite={canWrite} />
    </Stack>
  );
}
