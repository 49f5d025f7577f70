export { ApiError, isApiError, SERVICE_UNAVAILABLE } from './api-error';
export { apiClient, REQUEST_TIMEOUT_MS } from './http-client';
export { apiGet, apiPost, apiPut, apiDelete, apiUpload, TRANSFER_TIMEOUT_MS } from './request';
export { downloadFile, saveBlob, withDefaultExtension, DOWNLOAD_REVOKE_MS } from './download';
export { setUnauthorizedHandler } from './unauthorized';
export type { UnauthorizedHandler } from './unauthorized';
export type { QueryParams } from './query-params';
export { dataLanguage, setDataLanguage, subscribeDataLanguage } from './data-language';
