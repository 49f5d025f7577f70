import { apiDelete, apiGet, apiPost } from '@pricewatch/shared/api';
import type { Ok, ScraperCreateBody, ScraperRequest, ScrapersListQuery } from '@pricewatch/shared/contract';

type Query = Record<string, string | number | boolean | undefined>;

/** GET /scrapers/list (country, type, scrapers, field). */
export const getScraperRequests = async (q: ScrapersListQuery) =>
  (await apiGet<Ok<{ items: ScraperRequest[]; total: number }>>('/scrapers/list', q as Query)).data;

/** POST /scrapers/{type}. */
export const createScraperRequest = async (body: ScraperCreateBody) => (await apiPost<Ok<ScraperRequest>>('/scrapers/product', body)).data;

/** DELETE /scrapers/delete-scraper-request (id, type). */
export const deleteScraperRequest = async (id: string) => {
  await apiDelete<Ok<null>>('/scrapers/delete-scraper-request', { id, type: 'product' });
};
