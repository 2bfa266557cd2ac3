import { vi } from 'vitest';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

/**
 * Gives `navigator.geolocation` a `getCurrentPosition` that answers with `answer` (happy-dom has
 * none). `removeGeolocationStub` takes it away again.
 */
export function stubGeolocation(answer: (success: Success, failure: Failure) => void) {
  const getCurrentPosition = vi.fn((success: Success, failure: Failure) =>
    answer(success, failure),
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

export function removeGeolocationStub(): void {
  Reflect.deleteProperty(navigator, 'geolocation');
}

/** Answers with this position. */
export const enPosicion =
  (lat: number, lng: number) =>
  (success: Success): void =>
    success({ coords: { latitude: lat, longitude: lng } });

/** Fails with this GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
export const conError =
  (code: number) =>
  (_success: Success, failure: Failure): void =>
    failure({ code, message: 'fallo' });
