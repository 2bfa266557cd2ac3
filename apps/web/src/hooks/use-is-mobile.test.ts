import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewport } from '@/test/viewport';
import { useIsMobile } from './use-is-mobile';

describe('useIsMobile', () => {
  it('follows the 768 px breakpoint', () => {
    setViewport(1024);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(false);

    setViewport(768);
    expect(result.current).toBe(false);

    setViewport(767);
    expect(result.current).toBe(true);

    setViewport(375);
    expect(result.current).toBe(true);

    setViewport(1280);
    expect(result.current).toBe(false);
  });
});
