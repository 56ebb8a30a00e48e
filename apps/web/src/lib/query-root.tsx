import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client.ts';

/**
 * A lazily loaded part inside the app's one QueryClientProvider. The provider is not at the root: the
 * landing's first screen uses no server-state query, and TanStack Query's client is 7 kB gzip that
 * the landing entry (budget 120 kB, issue 14) need not carry. Every lazy part whose tree uses a query
 * hook is loaded through this (app-routes.tsx, the auth and ticket hosts, the top nav); they share the
 * one client, so the cache is the same whichever part asked first. Import this only from lazy code.
 */
export function withQueryClient<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Part {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Part.displayName ?? Part.name})`;
  return WithQueryClient;
}
