import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';

/**
 * Announces each failed load once with a destructive toast. `failedAt` is the failure's time
 * (a query's `errorUpdatedAt`), 0 when there is none to announce: a new time is a new failure.
 */
export function useErrorToast(failedAt: number, title: string, description: string): void {
  useEffect(() => {
    if (failedAt > 0) toast({ title, description, variant: 'destructive' });
  }, [failedAt, title, description]);
}
