import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { conError, enPosicion, removeGeolocationStub, stubGeolocation } from '@/test/geolocation';
import { expectToast } from '@/test/toasts';
import {
  GEOLOCALIZACION_NO_SOPORTADA,
  UBICACION_DENEGADA,
  UBICACION_ERROR_GENERICO,
  UBICACION_NO_DISPONIBLE,
  UBICACION_TIEMPO_AGOTADO,
} from '../lib/geolocation';
import { useMarketplaceLocation } from './use-marketplace-location';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

function renderLocation() {
  return renderHook(() => useMarketplaceLocation(), { wrapper });
}

function saved(): unknown {
  const raw = localStorage.getItem('marketplaceLocation');
  return raw === null ? null : JSON.parse(raw);
}

afterEach(() => removeGeolocationStub());

describe('useMarketplaceLocation', () => {
  it('uses the saved location and does not ask the browser', () => {
    localStorage.setItem('marketplaceLocation', JSON.stringify({ lat: -34.5889, lng: -58.4108 }));
    const getCurrentPosition = stubGeolocation(enPosicion(1, 1));
    const { result } = renderLocation();
    expect(result.current.location).toEqual({ lat: -34.5889, lng: -58.4108 });
    expect(result.current.locating).toBe(false);
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it("'Reintentar ubicación' keeps a saved location and does not ask the browser", () => {
    localStorage.setItem('marketplaceLocation', JSON.stringify({ lat: -34.5889, lng: -58.4108 }));
    const getCurrentPosition = stubGeolocation(conError(1));
    const { result } = renderLocation();
    act(() => result.current.retryLocation());
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(result.current.error).toBeNull();
    expect(result.current.location).toEqual({ lat: -34.5889, lng: -58.4108 });
  });

  it("'Reintentar ubicación' asks the browser again when the location came from it", async () => {
    const getCurrentPosition = stubGeolocation(enPosicion(-34.6, -58.4));
    const { result } = renderLocation();
    await waitFor(() => expect(result.current.location).not.toBeNull());
    act(() => result.current.retryLocation());
    await waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(2));
  });

  it('without a saved location asks the browser and saves the GPS position', async () => {
    const getCurrentPosition = stubGeolocation(enPosicion(-34.6, -58.4));
    const { result } = renderLocation();
    expect(result.current.locating).toBe(true);
    await waitFor(() => expect(result.current.location).toEqual({ lat: -34.6, lng: -58.4 }));
    expect(result.current.locating).toBe(false);
    expect(getCurrentPosition).toHaveBeenCalledOnce();
    expect(saved()).toEqual({ lat: -34.6, lng: -58.4 });
  });

  it.each([
    ['not JSON', '{lat: roto'],
    ['not a point', JSON.stringify({ lat: 'norte', lng: 12 })],
    ['out of range', JSON.stringify({ lat: 120, lng: 0 })],
  ])('logs and discards a corrupt saved value (%s), then asks the browser', async (_, raw) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('marketplaceLocation', raw);
    const getCurrentPosition = stubGeolocation(enPosicion(-34.6, -58.4));
    const { result } = renderLocation();
    expect(error).toHaveBeenCalled();
    expect(getCurrentPosition).toHaveBeenCalledOnce();
    await waitFor(() => expect(result.current.location).toEqual({ lat: -34.6, lng: -58.4 }));
    expect(saved()).toEqual({ lat: -34.6, lng: -58.4 });
  });

  it.each([
    ['permission denied', 1, UBICACION_DENEGADA],
    ['position unavailable', 2, UBICACION_NO_DISPONIBLE],
    ['timeout', 3, UBICACION_TIEMPO_AGOTADO],
    ['any other failure', 99, UBICACION_ERROR_GENERICO],
  ])("on %s shows 'Error de ubicación' with the spec's message", async (_, code, message) => {
    stubGeolocation(conError(code));
    const { result } = renderLocation();
    const item = await expectToast('Error de ubicación', message);
    expect(item).toHaveAttribute('data-type', 'error');
    expect(result.current.location).toBeNull();
    expect(result.current.locating).toBe(false);
    expect(result.current.error).toBe(message);
    expect(saved()).toBeNull();
  });

  it("says 'Tu navegador no soporta geolocalización' without geolocation", async () => {
    const { result } = renderLocation();
    await expectToast('Error de ubicación', GEOLOCALIZACION_NO_SOPORTADA);
    expect(result.current.location).toBeNull();
    expect(result.current.locating).toBe(false);
  });

  it('retries the GPS on demand', async () => {
    let answer = conError(1);
    stubGeolocation((success, failure) => answer(success, failure));
    const { result } = renderLocation();
    await waitFor(() => expect(result.current.error).toBe(UBICACION_DENEGADA));

    answer = enPosicion(-31.4, -64.2);
    act(() => result.current.locate());
    await waitFor(() => expect(result.current.location).toEqual({ lat: -31.4, lng: -64.2 }));
    expect(result.current.error).toBeNull();
  });

  it('saves a location chosen on the map and ignores a GPS answer still on its way', async () => {
    let answerLater: (() => void) | undefined;
    stubGeolocation((success) => {
      answerLater = () => success({ coords: { latitude: 1, longitude: 1 } });
    });
    const { result } = renderLocation();
    act(() => result.current.setLocation({ lat: -31.4135, lng: -64.1888 }));
    expect(result.current.location).toEqual({ lat: -31.4135, lng: -64.1888 });
    expect(result.current.locating).toBe(false);
    await act(async () => answerLater?.());
    expect(result.current.location).toEqual({ lat: -31.4135, lng: -64.1888 });
    expect(saved()).toEqual({ lat: -31.4135, lng: -64.1888 });
  });
});
