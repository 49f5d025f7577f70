export { setUnreadAlarms } from './unread-count';
export { AlarmsBadge } from './alarms-badge';
