import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'

/** Envelope answers (2001…4999) are final; only a lost or failed (5xx) answer is worth one retry. */
export function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.code >= 2000 && error.code < 5000) return false
  return failureCount < 1
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: 0 },
  },
})
