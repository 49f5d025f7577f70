import { apiGet, apiPost } from '@pricewatch/shared/api';
import type { ForceStartBody, Ok, ParserRun, ParsersList, ParsersListQuery } from '@pricewatch/shared/contract';

type Query = Record<string, string | number | boolean | undefined>;

/** GET /parsers/list (spec §7): limit, skip, onlyWithNotFound, onlyWithProblems, shops, filters. */
export const getParsers = async (q: ParsersListQuery) => (await apiGet<Ok<ParsersList>>('/parsers/list', q as Query)).data;

/** POST /parsers/force-start: the runs queued (or already running) for these parsers. */
export const forceStart = async (body: ForceStartBody) => (await apiPost<Ok<ParserRun[]>>('/parsers/force-start', body)).data;

/** GET /parsers/runs/{id}: a run's live counts. */
export const getRun = async (id: string) => (await apiGet<Ok<ParserRun>>(`/parsers/runs/${encodeURIComponent(id)}`)).data;

/** GET /parsers/runs/{id}/results → data.file, then GET /data/{file}. */
export const getRunResults = async (id: string) =>
  (await apiGet<Ok<{ file: string; extension: string }>>(`/parsers/runs/${encodeURIComponent(id)}/results`)).data;
