import { DEFAULT_EXTENSION } from '../format/constants';
import { TRANSFER_TIMEOUT_MS, send } from './request';

/** Spec §9: "Download link revoked after 100 ms" — long enough for the browser to start saving. */
export const DOWNLOAD_REVOKE_MS = 100;

/** Spec §9 "Downloaded file default extension .xlsx": added when the name has no extension. */
export function withDefaultExtension(name: string, extension: string = DEFAULT_EXTENSION): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (/\.[^.]+$/.test(base)) return base;
  return `${base}${extension.startsWith('.') ? extension : `.${extension}`}`;
}

/** Saves a blob through a temporary <a download> whose object URL is revoked after DOWNLOAD_REVOKE_MS. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_REVOKE_MS);
}

/**
 * Spec §7 "File download: GET /data/{file} (filename, token)": fetches the generated file as a blob
 * (token added by the client) and saves it as `filename`, or as the file's own name.
 */
export async function downloadFile(file: string, filename?: string): Promise<void> {
  const name = withDefaultExtension(filename || file);
  const path = `/data/${file.split('/').map(encodeURIComponent).join('/')}`;
  const response = await send(path, {
    method: 'get',
    searchParams: { filename: name },
    headers: { Accept: '*/*' },
    timeout: TRANSFER_TIMEOUT_MS,
  });
  saveBlob(await response.blob(), name);
}
