import { useAuthStore } from '../../auth/auth-store';
import { setDeployment } from '../../deployment/deployment-config';
import { DEMO_DEPLOYMENT } from '../../testing';
import { DOWNLOAD_REVOKE_MS, downloadFile, withDefaultExtension } from '../download';

// jsdom has no object URLs and cannot navigate: stand-ins record what the download did.
const createObjectURL = jest.fn((_blob: Blob) => 'blob:http://localhost/file-1');
const revokeObjectURL = jest.fn();
let clicked: HTMLAnchorElement[];
let fetchMock: jest.SpyInstance;

beforeAll(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

beforeEach(() => {
  jest.useFakeTimers();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  clicked = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('XLSXBYTES', { status: 200 }));
  setDeployment({ ...DEMO_DEPLOYMENT, apiServers: ['https://api.example'] });
  useAuthStore.setState({ token: 'tok-7' });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('downloadFile (spec §7 GET /data/{file}, §9 revoke after 100 ms, default .xlsx)', () => {
  it('fetches /data/{file} with filename and token, saves through <a download>, revokes after 100 ms', async () => {
    await downloadFile('exports/abc 1', 'Prices May');
    const request = fetchMock.mock.calls[0]![0] as Request;
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe('https://api.example/data/exports/abc%201');
    expect(url.searchParams.get('filename')).toBe('Prices May.xlsx');
    expect(url.searchParams.get('token')).toBe('tok-7');

    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe('XLSXBYTES');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('Prices May.xlsx');
    expect(clicked[0]!.href).toBe('blob:http://localhost/file-1');
    expect(clicked[0]!.isConnected).toBe(false);

    jest.advanceTimersByTime(DOWNLOAD_REVOKE_MS - 1);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/file-1');
    expect(DOWNLOAD_REVOKE_MS).toBe(100);
  });

  it('names the file after the stored file when no name is given', async () => {
    await downloadFile('report.csv');
    expect(clicked[0]!.download).toBe('report.csv');
  });

  it('a failed download rejects and saves nothing', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response('{"success":false,"error":{"code":"not_found","message":"x"}}', {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(downloadFile('gone')).rejects.toMatchObject({ status: 404, messageKey: 'not_found' });
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});

describe('withDefaultExtension', () => {
  it.each([
    ['prices', 'prices.xlsx'],
    ['prices.csv', 'prices.csv'],
    ['dir/prices', 'prices.xlsx'],
    ['v1.2/prices', 'prices.xlsx'],
  ])('%s → %s', (name, expected) => {
    expect(withDefaultExtension(name)).toBe(expected);
  });

  it('takes an extension from the export answer (data.extension) with or without its dot', () => {
    expect(withDefaultExtension('a', 'zip')).toBe('a.zip');
    expect(withDefaultExtension('a', '.zip')).toBe('a.zip');
  });
});
