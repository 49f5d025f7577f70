import { apiDelete, apiGet, apiPost, apiPut } from '@pricewatch/shared/api';
import type { Ok, ParserCreateBody, ParserDetail, ParserTryBody, ParserTryResult, ParserUpdateBody } from '@pricewatch/shared/contract';

const path = (id: string) => `/parsers/${encodeURIComponent(id)}`;

/** GET /parsers/{id}: one parser with its definition, for the editor. */
export const getParser = async (id: string) => (await apiGet<Ok<ParserDetail>>(path(id))).data;

/** POST /parsers: a new parser of a shop (its network and country follow from the shop). */
export const createParser = async (body: ParserCreateBody) => (await apiPost<Ok<ParserDetail>>('/parsers', body)).data;

/** PUT /parsers/{id}: the fields given change; the shop stays. */
export const updateParser = async (id: string, body: ParserUpdateBody) => (await apiPut<Ok<ParserDetail>>(path(id), body)).data;

/** DELETE /parsers/{id}: gone from lists and schedules; its runs and prices stay. */
export const deleteParser = async (id: string) => (await apiDelete<Ok<{ _id: string; deleted: true }>>(path(id))).data;

/** POST /parsers/try: the unsaved definition run on one page; nothing is written. */
export const tryParser = async (body: ParserTryBody) => (await apiPost<Ok<ParserTryResult>>('/parsers/try', body)).data;
