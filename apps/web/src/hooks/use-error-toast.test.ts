import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { useErrorToast } from './use-error-toast';

vi.mock('@/components/ui/toast', () => ({ toast: vi.fn() }));

describe('useErrorToast', () => {
  it('toasts once per failure, none without one', () => {
    const { rerender } = renderHook(({ failedAt }) => useErrorToast(failedAt, 'Error', 'Falló'), {
      initialProps: { failedAt: 0 },
    });
    expect(toast).not.toHaveBeenCalled();

    rerender({ failedAt: 1000 });
    rerender({ failedAt: 1000 });
    expect(toast).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Falló',
      variant: 'destructive',
    });

    rerender({ failedAt: 0 });
    rerender({ failedAt: 2000 });
    expect(toast).toHaveBeenCalledTimes(2);
  });
});
