import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * Provides the page's one QueryClient (the host wraps the app in it). The shared hooks also reach the
 * client without it, so a remote's screens run alone (dev start, tests) with the same cache rules.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
