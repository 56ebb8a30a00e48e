import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/api-error.ts';
import { onSessionCleared } from './session/session-reset.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx answer will not change on retry; a lost connection or a 5xx might.
      retry: (count, error) => {
        const status = isApiError(error) ? error.status : null;
        if (status !== null && status >= 400 && status < 500) return false;
        return count < 2;
      },
    },
    mutations: { retry: false },
  },
});

// A session's server state goes with it (logout, a session ended elsewhere).
onSessionCleared(() => queryClient.clear());
