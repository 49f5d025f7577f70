import { queryOptions } from '@tanstack/react-query';
// Through the api entry so tests that mock @pricewatch/shared/api mock this call too.
import { apiGet } from '../api';
import { queryKeys } from '../api/query-keys';
import type { Ok } from '../contract/envelope';
import { queryClient } from '../query/query-client';

/** Refreshed this often while something shows the count (the menu badge). */
export const UNREAD_POLL_MS = 60_000;

/**
 * Fired alarm events the user has not marked read (GET /price-alarms/events/unread-count): one entry
 * of the page's query cache, read by the host's menu badge and written by the alarms remote, so
 * marking events read there updates the badge at once. A failed refresh (not allowed, offline) keeps
 * the last count.
 */
export const unreadAlarmsQuery = () =>
  queryOptions({
    queryKey: queryKeys.unreadAlarms(),
    queryFn: async () => (await apiGet<Ok<{ count: number }>>('/price-alarms/events/unread-count')).data.count,
  });

/** Set from an answer that already carries the count (the events list). */
export function setUnreadAlarms(count: number): void {
  queryClient.setQueryData(queryKeys.unreadAlarms(), count);
}
