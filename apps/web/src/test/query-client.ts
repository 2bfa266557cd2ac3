import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

/** The app's query client (with its mutation error handler), without retries. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ queries: { retry: false } });
}
