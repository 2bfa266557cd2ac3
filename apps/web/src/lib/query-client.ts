import { type DefaultOptions, MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ApiError, endedTheSession } from './api-client';

/**
 * What a mutation says when it fails, read by the one mutation error handler below, so a
 * component does not handle it: `useMutation({ mutationFn, meta: { errorTitle: '...' } })`.
 */
export interface MutationErrorMeta extends Record<string, unknown> {
  /** The toast's title. Without it: 'Error'. */
  errorTitle?: string;
  /** The description when the server sends no message of its own. */
  errorMessage?: string;
  /** `false` when the caller shows the failure itself (no toast). */
  errorToast?: false;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationErrorMeta;
  }
}

export const ERROR_INESPERADO = 'Ha ocurrido un error inesperado';

/**
 * The toast of a failed mutation: the meta's title, and the server's message, else the meta's
 * message. Without a title the toast says 'Error' and always has a description.
 */
function mutationErrorToast(error: unknown, meta: MutationErrorMeta | undefined) {
  const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
  if (meta?.errorTitle) {
    return {
      title: meta.errorTitle,
      description: serverMessage ?? meta.errorMessage,
      variant: 'destructive' as const,
    };
  }
  const ownMessage = error instanceof ApiError ? error.message : undefined;
  return {
    title: 'Error',
    description: serverMessage ?? meta?.errorMessage ?? ownMessage ?? ERROR_INESPERADO,
    variant: 'destructive' as const,
  };
}

/**
 * Shows every failed mutation once, from one place. Skipped when the mutation opts out, or
 * when the failure ended the session (the api client already said 'Sesión expirada').
 */
function onMutationError(error: unknown, meta: MutationErrorMeta | undefined): void {
  if (meta?.errorToast === false || endedTheSession(error)) return;
  toast(mutationErrorToast(error, meta));
}

/** The app's query client; tests pass `defaults` (e.g. no retries) and keep the handlers. */
export function createQueryClient(defaults: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onMutationError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        retry: 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        ...defaults.queries,
      },
      mutations: {
        retry: 0,
        ...defaults.mutations,
      },
    },
  });
}
