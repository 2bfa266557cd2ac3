import { WifiOffIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSinConexion } from '@/lib/estado-conexion';
import { copiaGuardadaEl } from '@/lib/service-worker/service-worker';

export const TEXTO_SIN_CONEXION = 'Sin conexión. Reintentando…';

// Only a page from the service worker's cache needs it (and its code).
const CopiaGuardadaAviso = lazy(async () => ({
  default: (await import('./avisos-del-service-worker')).CopiaGuardadaAviso,
}));

const FRANJA =
  'flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-highlight/40 border-b bg-highlight-soft px-4 py-2 text-center font-medium text-highlight-foreground text-sm';

/**
 * When this page is a copy the service worker kept (the network did not answer it,
 * docs/decisions/056), until the person moves to another screen; undefined otherwise. Read
 * after the first render: a page drawn on the server is hydrated as it was drawn.
 */
function useCopiaGuardada(): string | undefined {
  const { pathname } = useLocation();
  const [primera] = useState(pathname);
  const [copia, setCopia] = useState<string>();
  useEffect(() => setCopia(copiaGuardadaEl()), []);
  return pathname === primera ? copia : undefined;
}

/**
 * A status in the flow just below the top bar (the shell holds it there while the page
 * scrolls): it pushes the screen down instead of covering it, and leaves the top bar and the
 * side panel free. On a page that came from the service worker's cache, 'Sin conexión: estás
 * viendo una copia guardada'; else 'Sin conexión. Reintentando…' while the live updates are
 * down (lib/socket decides when).
 */
export function SinConexionAviso() {
  const sinConexion = useSinConexion();
  const copia = useCopiaGuardada();
  if (copia !== undefined) {
    return (
      <Suspense fallback={null}>
        <CopiaGuardadaAviso guardadaEl={copia} className={FRANJA} />
      </Suspense>
    );
  }
  if (!sinConexion) return null;
  return (
    <p role="status" className={FRANJA}>
      <WifiOffIcon aria-hidden className="size-4 shrink-0" />
      {TEXTO_SIN_CONEXION}
    </p>
  );
}
