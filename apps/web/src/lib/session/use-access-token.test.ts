import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAccessToken } from './use-access-token';

describe('useAccessToken', () => {
  it('is null without a stored token', () => {
    const { result } = renderHook(() => useAccessToken());
    expect(result.current).toBeNull();
  });

  it('reads a token stored before mounting', () => {
    localStorage.setItem('accessToken', 'token-1');
    const { result } = renderHook(() => useAccessToken());
    expect(result.current).toBe('token-1');
  });

  it('re-reads on the authChange event', () => {
    const { result } = renderHook(() => useAccessToken());
    act(() => {
      localStorage.setItem('accessToken', 'token-2');
      window.dispatchEvent(new Event('authChange'));
    });
    expect(result.current).toBe('token-2');
  });

  it('re-reads on the logout event', () => {
    localStorage.setItem('accessToken', 'token-3');
    const { result } = renderHook(() => useAccessToken());
    act(() => {
      localStorage.removeItem('accessToken');
      window.dispatchEvent(new Event('logout'));
    });
    expect(result.current).toBeNull();
  });

  it('re-reads on a storage event from another tab', () => {
    const { result } = renderHook(() => useAccessToken());
    act(() => {
      localStorage.setItem('accessToken', 'token-4');
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    });
    expect(result.current).toBe('token-4');
  });
});
