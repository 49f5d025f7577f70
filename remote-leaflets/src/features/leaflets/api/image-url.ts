import { useAuthStore } from '@pricewatch/shared/auth';
import { getApiBase } from '@pricewatch/shared/deployment';

export type ImageSize = 'thumb' | 'full';

/**
 * The address of a leaflet picture for <img src>: GET /leaflets/images/{name}?token=…&size=… on the
 * session's API server. An <img> cannot send headers, so the token goes in the query like every
 * protected call (spec §7); the server's answer is cached by the browser (immutable file names).
 */
export function imageUrl(name: string, size: ImageSize = 'full'): string {
  return imageUrlFromPath(`/leaflets/images/${encodeURIComponent(name)}`, size);
}

/** The same for a picture path as the contract gives it (`url`, `thumbUrl`, `coverThumbUrl`: no token). */
export function imageUrlFromPath(path: string, size: ImageSize = 'full'): string {
  const [pathname, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  const token = useAuthStore.getState().token;
  if (token) params.set('token', token);
  params.set('size', size);
  return `${getApiBase()}${pathname}?${params.toString()}`;
}

/** imageUrl that follows the session's token (re-renders when it changes). */
export function useImageUrl(): (name: string, size?: ImageSize) => string {
  useAuthStore((s) => s.token);
  return imageUrl;
}
