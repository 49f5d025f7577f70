import { apiGet, apiPut } from '@pricewatch/shared/api';
import type { AlarmEventPage, AlarmEventsQuery, AlarmSettings, CountResult, MarkReadBody, Ok } from '@pricewatch/shared/contract';

/** GET /price-alarms/events: what fired, newest first, with the unread count and firings per day. */
export const getAlarmEvents = async (q: AlarmEventsQuery) =>
  (await apiGet<Ok<AlarmEventPage>>('/price-alarms/events', q as Record<string, string | number | boolean | undefined>)).data;

export const markEventsRead = async (body: MarkReadBody) => (await apiPut<Ok<CountResult>>('/price-alarms/events/read', body)).data;

export const getAlarmSettings = async () => (await apiGet<Ok<AlarmSettings>>('/price-alarms/settings')).data;
export const saveAlarmSettings = async (body: AlarmSettings) => (await apiPut<Ok<AlarmSettings>>('/price-alarms/settings', body)).data;
