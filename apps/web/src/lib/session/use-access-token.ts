import { useSyncExternalStore } from 'react';
import { getStoredItem, storageKeys } from '@/lib/storage-keys';
import { sessionEvents } from './session-events';

const events = ['storage', sessionEvents.logout, sessionEvents.authChange] as const;

function subscribe(onChange: () => void): () => void {
  const onEvent = (event: Event) => {
    // A `storage` event about another key cannot change the session.
    if (
      event instanceof StorageEvent &&
      event.key !== null &&
      event.key !== storageKeys.accessToken
    ) {
      return;
    }
    onChange();
  };
  for (const name of events) window.addEventListener(name, onEvent);
  return () => {
    for (const name of events) window.removeEventListener(name, onEvent);
  };
}

function getSnapshot(): string | null {
  return getStoredItem('accessToken');
}

/**
 * The stored access token, or null when logged out. Login state is the presence of this token
 * (spec part 1, section 2). Re-read on the window `storage`, `logout` and `authChange` events.
 */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
