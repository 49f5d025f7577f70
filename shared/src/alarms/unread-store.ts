import { create } from 'zustand';
import { apiGet } from '../api/request';
import type { Ok } from '../contract/envelope';

/** Refreshed this often while something shows the count (the menu badge). */
export const UNREAD_POLL_MS = 60_000;

export type UnreadAlarmsState = {
  /** Fired alarm events the user has not marked read; null until first loaded. */
  count: number | null;
  /** Asks GET /price-alarms/events/unread-count; failures keep the last count. */
  refresh: () => Promise<void>;
  /** Set from an answer that already carries the count (the events list). */
  setCount: (count: number) => void;
};

/**
 * One store for the host's menu badge and the alarms remote: marking events read in the remote updates
 * the badge at once. Lives in shared because both apps use it (STYLE.md).
 */
export const useUnreadAlarmsStore = create<UnreadAlarmsState>()((set) => ({
  count: null,
  async refresh() {
    try {
      const res = await apiGet<Ok<{ count: number }>>('/price-alarms/events/unread-count');
      set({ count: res.data.count });
    } catch {
      // not allowed (no alarms for this user) or offline: the badge just stays as it was
    }
  },
  setCount: (count) => set({ count }),
}));
