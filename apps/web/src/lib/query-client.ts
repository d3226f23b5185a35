import { QueryClient } from '@tanstack/react-query';

// The API client already reports every failure (toast, alert or page), so a retry would report it twice.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
