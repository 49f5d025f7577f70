import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSessionData } from '@pricewatch/shared/query';
import {
  EXPORT_LIMITS,
  EXPORT_REQUEST_TYPES as CONTRACT_REQUEST_TYPES,
  EXPORT_STATES as CONTRACT_STATES,
  EXPORT_TYPES as CONTRACT_TYPES,
  SCHEDULE_FREQUENCIES as CONTRACT_FREQUENCIES,
  type ExportRequest,
  type ExportSchedule,
  type ExportTemplate,
} from '@pricewatch/shared/contract';
import { makeUser, renderWithProviders, typeDate } from '@pricewatch/shared/testing';
import { Toaster } from '@pricewatch/shared/ui';
import ReportAnalyticsScreen from '../src/screens/report-analytics-screen';
import * as limits from '../src/features/report-analytics/limits';
import { parseCodes } from '../src/features/report-analytics/form-model';
import { captureDownloads, refuse, setUpApiServer, type ApiRoutes } from './helpers/api-server';
import { listItem, NETWORKS, SHOPS } from './helpers/fixtures';
import { resources } from './helpers/resources';

// A whole screen with four panels: seconds on a busy two-core machine.
jest.setTimeout(30_000);

/** An Ashan-type client user (spec §6): inline and ashan exports, not atb. */
const ashan = makeUser({
  isAshan: true,
  name: 'Olena',
  roles: ['network'],
  network: { _id: '9', code: 'auchan', name: 'Auchan', product: false, exportDetails: { isAshan: true } },
});

function request(overrides: Partial<ExportRequest> = {}): ExportRequest {
  return {
    _id: '7',
    name: 'Buckwheat, October',
    type: 'inline',
    state: 'running',
    progress: 40,
    rowsWritten: 1200,
    rowsExpected: 3000,
    error: null,
    errorMessage: null,
    file: null,
    extension: null,
    size: null,
    downloadable: false,
    start: '2026-10-01',
    end: '2026-10-30',
    productsCount: 100,
    shopsCount: 3,
    template: null,
    scheduleId: null,
    network: 'auchan',
    createdBy: { _id: 'u1', name: 'Olena' },
    createdAt: '2026-11-01T08:00:00.000Z',
    startedAt: '2026-11-01T08:00:01.000Z',
    finishedAt: null,
    updatedAt: '2026-11-01T08:00:02.000Z',
    ...overrides,
  };
}

function template(overrides: Partial<ExportTemplate> = {}): ExportTemplate {
  return {
    _id: '31',
    name: 'Weekly dairy',
    type: 'ashan',
    data: { type: 'ashan', networks: ['albert'], eans: ['8594001234567'], start: '10/01/2026', end: '10/07/2026' },
    autoGeneration: true,
    date: '2026-10-07',
    nextStart: '2026-11-15',
    nextEnd: '2026-11-21',
    schedules: 0,
    network: 'auchan',
    createdBy: { _id: 'u1', name: 'Olena' },
    createdAt: '2026-10-07T08:00:00.000Z',
    updatedAt: '2026-10-07T08:00:00.000Z',
    ...overrides,
  };
}

const schedule = (overrides: Partial<ExportSchedule> = {}): ExportSchedule => ({
  _id: '5',
  name: 'Weekly dairy',
  template: { _id: '31', name: 'Weekly dairy', type: 'ashan' },
  frequency: 'daily',
  time: '06:30',
  dayOfWeek: null,
  dayOfMonth: null,
  timeZone: 'Europe/Prague',
  cron: '30 6 * * *',
  enabled: true,
  nextRunAt: '2026-11-22T05:30:00.000Z',
  lastRunAt: null,
  lastRequestId: null,
  network: 'auchan',
  createdBy: { _id: 'u1', name: 'Olena' },
  createdAt: '2026-10-07T08:00:00.000Z',
  updatedAt: '2026-10-07T08:00:00.000Z',
  ...overrides,
});

const api = setUpApiServer();
const saved = captureDownloads();
/** Routes of the test: changed by a test before it renders the screen. */
let routes: ApiRoutes;
const calls = api.calls;
const posts = () => api.received.filter((r) => r.method === 'POST');
/** A generated file the screen fetches (GET /data/{file}): the names it asked for it under. */
const fileAsked = (file: string) => api.received.filter((r) => r.path === `/data/${file}`).map((r) => r.query.get('filename'));

let listAnswers: ExportRequest[][];

beforeEach(() => {
  clearSessionData();
  listAnswers = [[request()]];
  routes = {
    'GET /shops/networks': () => NETWORKS,
    'GET /shops': () => SHOPS,
    'GET /export/list': (q) => {
      const items = listAnswers.length > 1 ? listAnswers.shift()! : listAnswers[0]!;
      return { items, total: items.length, limit: Number(q.limit ?? 30), skip: Number(q.skip ?? 0) };
    },
    'GET /export/get-templates': () => [template()],
    'GET /export/export-request-schedule': () => [schedule()],
    'GET /export/get-new-prod-template': () => [],
    'GET /products/search': () => [listItem()],
    'POST /export/inline/prices': (body) => request({ _id: '8', state: 'queued', progress: 0, name: String(body.name ?? 'Inline') }),
    'POST /export/ashan/prices': () => request({ _id: '9', type: 'ashan', state: 'queued', progress: 0 }),
  };
});

function renderScreen(user = ashan) {
  api.serve(routes);
  for (const file of ['export-20261101-ab12.xlsx', 'export-20261121-ff.xlsx']) {
    api.onRaw(`GET /data/${file}`, { bytes: Buffer.from('PK\x03\x04'), contentType: 'application/octet-stream' });
  }
  return renderWithProviders(
    <>
      <ReportAnalyticsScreen />
      <Toaster />
    </>,
    { user, resources: resources(), route: '/report-analytics', deployment: { apiServers: [api.url] } },
  );
}

const requestsTable = () => screen.findByRole('table', { name: 'Export requests' });
const form = () => screen.findByRole('form', { name: 'New export' });

describe('report analytics: the requests list', () => {
  it('shows the state and a live progress bar, then the download once done', async () => {
    listAnswers = [
      [request()],
      [request({ progress: 75, rowsWritten: 2250 })],
      [request({ state: 'done', progress: 100, rowsWritten: 3000, file: 'export-20261101-ab12.xlsx', extension: '.xlsx', downloadable: true })],
    ];
    renderScreen();
    const table = await requestsTable();
    expect(within(table).getByText('Running')).toBeInTheDocument();
    expect(within(table).getByRole('progressbar', { name: 'Progress of Buckwheat, October' })).toHaveAttribute('aria-valuenow', '40');
    // The query as the server receives it.
    expect(calls('GET', '/export/list')[0]).toEqual({ limit: '30', skip: '0' });
    // Asked again every second while it runs.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Progress of Buckwheat, October' })).toHaveAttribute('aria-valuenow', '75'), {
      timeout: 4000,
    });
    const download = await screen.findByRole('button', { name: 'Download Buckwheat, October' }, { timeout: 4000 });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(download);
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['Buckwheat, October.xlsx']));
    expect(fileAsked('export-20261101-ab12.xlsx')).toEqual(['Buckwheat, October.xlsx']);
    // Nothing runs any more: no more polling.
    const asked = calls('GET', '/export/list').length;
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(calls('GET', '/export/list').length).toBe(asked);
  });

  it('filters by type and state, says why a request failed, runs it again and deletes', async () => {
    listAnswers = [[request({ state: 'failed', error: 'template_deleted', progress: 0 })]];
    routes['PUT /export/7'] = () => request({ state: 'queued', progress: 0 });
    routes['DELETE /export/prices'] = () => ({ deleted: 1 });
    renderScreen();
    const table = await requestsTable();
    expect(within(table).getByText('Its template was deleted')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'ashan');
    await waitFor(() => expect(calls('GET', '/export/list').at(-1)).toEqual({ limit: '30', skip: '0', type: 'ashan' }));
    await userEvent.click(within(table).getByRole('button', { name: 'Run Buckwheat, October again' }));
    await waitFor(() => expect(calls('PUT', '/export/7')).toEqual([{ rerun: true }]));
    // Deleting asks first: Cancel sends nothing, the dialog's Delete sends it.
    await userEvent.click(within(await requestsTable()).getByRole('button', { name: 'Delete Buckwheat, October' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete this export?' });
    expect(within(ask).getByText(/Buckwheat, October/)).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls('DELETE', '/export/prices')).toEqual([]);
    await userEvent.click(within(await requestsTable()).getByRole('button', { name: 'Delete Buckwheat, October' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE', '/export/prices')).toEqual([{ id: '7' }]));
  });
});

describe('report analytics: a guest looks only', () => {
  /** Spec §6: a guest counts as admin for seeing, not for rights; the server refuses every write. */
  const guest = makeUser({ name: 'Guest', roles: ['guest'], isGuest: true, network: null });

  it('offers no action the server would refuse: no Delete or Run again, no new export, template or schedule changes', async () => {
    listAnswers = [[request({ state: 'done', progress: 100, rowsWritten: 3000, file: 'export-20261101-ab12.xlsx', extension: '.xlsx', downloadable: true })]];
    renderScreen(guest);
    const table = await requestsTable();
    // Reading the request is allowed, so is its file.
    expect(within(table).getByRole('button', { name: 'Download Buckwheat, October' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Run Buckwheat, October again' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete Buckwheat, October' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New export' })).not.toBeInTheDocument();
    expect(screen.getByText('Guests can look at export requests, templates and schedules but cannot create or change them.')).toBeInTheDocument();
    const templates = await screen.findByRole('table', { name: 'Templates' });
    expect(within(templates).getByText('Weekly dairy')).toBeInTheDocument();
    expect(within(templates).queryByRole('button', { name: 'Load Weekly dairy into the form' })).not.toBeInTheDocument();
    expect(within(templates).queryByRole('button', { name: 'Delete template Weekly dairy' })).not.toBeInTheDocument();
    expect(within(templates).queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Export selected|Delete selected/ })).not.toBeInTheDocument();
    const schedules = await screen.findByRole('table', { name: 'Schedules' });
    expect(within(schedules).queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New schedule' })).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });
});

describe('report analytics: the request form', () => {
  it('offers the types the user may ask for and sends nothing while the selection is empty', async () => {
    renderScreen();
    const f = await form();
    const type = within(f).getByLabelText('Export type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Prices by shop', 'Ashan comparison']);
    await userEvent.click(within(f).getByRole('button', { name: 'Create export' }));
    expect(within(f).getByText('Choose at least one product or paste EANs or articles.')).toBeInTheDocument();
    expect(within(f).getByText('Choose at least one network or shop.')).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('creates an inline export of chosen and pasted products over a period', async () => {
    renderScreen();
    const f = await form();
    await userEvent.click(within(f).getByRole('button', { name: 'Albert' }));
    await userEvent.click(await within(f).findByRole('button', { name: 'Albert Flora' }));
    await userEvent.type(within(f).getByRole('combobox', { name: 'Find products by name, article or EAN' }), 'milk');
    await userEvent.click(await within(f).findByRole('option', { name: new RegExp(listItem().name) }));
    await userEvent.click(within(f).getByLabelText('Or paste EANs and articles (one per line)'));
    await userEvent.paste('4820000000017\n999002');
    expect(within(f).getByText('Recognised: 1 EANs, 1 articles.')).toBeInTheDocument();
    await typeDate(within(f).getByLabelText('From'), '10/01/2026');
    await typeDate(within(f).getByLabelText('To'), '10/30/2026');
    await userEvent.click(within(f).getByLabelText('Name of the export'));
    await userEvent.paste('October');
    await userEvent.click(within(f).getByRole('button', { name: 'Create export' }));
    await waitFor(() => expect(calls('POST', '/export/inline/prices')).toHaveLength(1));
    expect(calls('POST', '/export/inline/prices')[0]).toEqual({
      networks: ['albert'],
      shops: ['12'],
      products: ['42'],
      eans: ['4820000000017'],
      articles: ['999002'],
      start: '10/01/2026',
      end: '10/30/2026',
      priceField: 'price',
      name: 'October',
    });
    expect(await screen.findByText('Export queued')).toBeInTheDocument();
    expect(calls('GET', '/export/list').length).toBeGreaterThan(1);
  });

  it('shows the field the server refused', async () => {
    routes['POST /export/inline/prices'] = () => {
      throw refuse(400, 'validation_failed', { fields: [{ path: 'end', message: 'period longer than 366 days' }] });
    };
    renderScreen();
    const f = await form();
    await userEvent.click(within(f).getByRole('button', { name: 'Billa' }));
    await userEvent.click(within(f).getByLabelText('Or paste EANs and articles (one per line)'));
    await userEvent.paste('4820000000017');
    await userEvent.click(within(f).getByRole('button', { name: 'Create export' }));
    expect(await screen.findByText('Check “To”: period longer than 366 days')).toBeInTheDocument();
  });
});

describe('report analytics: templates and schedules', () => {
  it('loads a template into the form, exports several into one file, and explains a refused delete', async () => {
    routes['GET /export/get-templates'] = () => [template(), template({ _id: '32', name: 'Monthly bakery', type: 'inline', autoGeneration: false })];
    routes['POST /export/export-group-requests'] = () => ({ file: 'export-20261121-ff.xlsx', extension: '.xlsx', rows: 420, request: '12' });
    routes['DELETE /export/delete-templates'] = () => {
      throw refuse(409, 'conflict', { message: 'template_in_use' });
    };
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Templates' });
    await userEvent.click(within(table).getByRole('button', { name: 'Load Weekly dairy into the form' }));
    const f = await form();
    expect(within(f).getByLabelText('Export type')).toHaveValue('ashan');
    expect(within(f).getByLabelText('From')).toHaveValue('11/15/2026');
    expect(within(f).getByRole('button', { name: 'Albert' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(f).getByLabelText('Or paste EANs and articles (one per line)')).toHaveValue('8594001234567');

    await userEvent.click(within(table).getByLabelText('Select Weekly dairy'));
    await userEvent.click(within(table).getByLabelText('Select Monthly bakery'));
    await userEvent.click(screen.getByRole('button', { name: 'Export selected to one file (2)' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['price-export.xlsx']));
    expect(fileAsked('export-20261121-ff.xlsx')).toEqual(['price-export.xlsx']);
    expect(calls('POST', '/export/export-group-requests')).toEqual([{ templates: ['31', '32'] }]);

    await userEvent.click(within(table).getByRole('button', { name: 'Delete template Weekly dairy' }));
    expect(await screen.findByText('A schedule runs this template: delete the schedule first.')).toBeInTheDocument();
  });

  it('lists schedules and adds a weekly one at a time of day', async () => {
    routes['POST /export/export-request-schedule'] = (body) =>
      schedule({ _id: '6', frequency: 'weekly', dayOfWeek: Number(body?.dayOfWeek), time: String(body?.time) });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Schedules' });
    expect(within(table).getByText('Every day at 06:30')).toBeInTheDocument();
    expect(within(table).getByText('Europe/Prague')).toBeInTheDocument();
    // The form comes once the templates it runs are known.
    const newForm = await screen.findByRole('form', { name: 'New schedule' });
    await userEvent.selectOptions(within(newForm).getByLabelText('Repeat'), 'weekly');
    await userEvent.selectOptions(within(newForm).getByLabelText('Day of the week'), '3');
    const time = within(newForm).getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.type(time, '18:45');
    await userEvent.click(within(newForm).getByRole('button', { name: 'Add schedule' }));
    await waitFor(() => expect(calls('POST', '/export/export-request-schedule')).toHaveLength(1));
    expect(calls('POST', '/export/export-request-schedule')[0]).toEqual({
      template: '31',
      frequency: 'weekly',
      time: '18:45',
      dayOfWeek: 3,
      dayOfMonth: null,
      enabled: true,
    });
  });
});

describe('report analytics: plain parts', () => {
  it('keeps the contract’s limits', () => {
    expect(limits.EXPORT_MAX_DAYS).toBe(EXPORT_LIMITS.maxDays);
    expect(limits.EXPORT_PAGE_SIZE).toBe(EXPORT_LIMITS.pageDefault);
    expect(limits.EXPORT_POLL_MS).toBe(EXPORT_LIMITS.pollMs);
    expect(limits.EXPORT_MAX_PRODUCTS).toBe(EXPORT_LIMITS.maxProducts);
    expect(limits.EXPORT_TYPES).toEqual(CONTRACT_TYPES);
    expect(limits.EXPORT_REQUEST_TYPES).toEqual(CONTRACT_REQUEST_TYPES);
    expect(limits.EXPORT_STATES).toEqual(CONTRACT_STATES);
    expect(limits.SCHEDULE_FREQUENCIES).toEqual(CONTRACT_FREQUENCIES);
  });

  it('reads a pasted list: EANs of 8 or 13+ digits, other digits articles, the rest invalid', () => {
    expect(parseCodes('4820000000017, 96385074\n$123 123;abc  4820000000017')).toEqual({
      eans: ['4820000000017', '96385074'],
      articles: ['123'],
      invalid: ['abc'],
    });
  });
});
