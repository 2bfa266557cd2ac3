import type { Coordenadas } from '@/entities/ubicacion/model/ubicacion';
import { readStoredJson, removeStoredItem, storageKeys, writeStoredJson } from '@/lib/storage-keys';
import { isCoordenadas } from './coordenadas';

/**
 * The saved marketplace location (`marketplaceLocation`: { lat, lng }). A value that is not
 * JSON or not a valid point is logged and discarded (spec part 1, section 8).
 */
export function readMarketplaceLocation(): Coordenadas | null {
  const value = readStoredJson('marketplaceLocation');
  if (value === null) return null;
  if (!isCoordenadas(value)) {
    console.error(`Valor corrupto en ${storageKeys.marketplaceLocation}; se descarta`, value);
    removeStoredItem('marketplaceLocation');
    return null;
  }
  return { lat: value.lat, lng: value.lng };
}

export function saveMarketplaceLocation({ lat, lng }: Coordenadas): void {
  writeStoredJson('marketplaceLocation', { lat, lng });
}
