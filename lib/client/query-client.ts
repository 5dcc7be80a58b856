import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** One place for defaults: polled data is fresh for its poll window, errors retry briefly. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 3_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => {
          // A 4xx is an answer, not an outage: retrying will not change it.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failures < 2;
        },
      },
    },
  });
}
