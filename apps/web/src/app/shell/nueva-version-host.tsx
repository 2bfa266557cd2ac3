import { lazy, Suspense } from 'react';
import { useNuevaVersion } from '@/lib/service-worker/service-worker';

// Only a page with a new version waiting needs the prompt (and its code).
const NuevaVersionAviso = lazy(async () => ({
  default: (await import('./avisos-del-service-worker')).NuevaVersionAviso,
}));

/** Mounted once in the shell: brings in 'Nueva versión disponible' when a new build waits. */
export function NuevaVersionHost() {
  if (!useNuevaVersion()) return null;
  return (
    <Suspense fallback={null}>
      <NuevaVersionAviso />
    </Suspense>
  );
}
