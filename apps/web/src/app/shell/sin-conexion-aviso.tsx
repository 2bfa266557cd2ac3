import { WifiOffIcon } from 'lucide-react';
import { useSinConexion } from '@/lib/estado-conexion';

export const TEXTO_SIN_CONEXION = 'Sin conexión. Reintentando…';

/**
 * 'Sin conexión. Reintentando…' while the live updates are down (lib/socket decides when): a
 * status in the flow just below the top bar, held there while the page scrolls. It pushes the
 * screen down instead of covering it, and leaves the top bar and the side panel free.
 */
export function SinConexionAviso() {
  const sinConexion = useSinConexion();
  if (!sinConexion) return null;
  return (
    <p
      role="status"
      className="sticky top-(--header-height) z-20 flex items-center justify-center gap-2 border-highlight/40 border-b bg-highlight-soft px-4 py-2 text-center font-medium text-highlight-foreground text-sm"
    >
      <WifiOffIcon aria-hidden className="size-4 shrink-0" />
      {TEXTO_SIN_CONEXION}
    </p>
  );
}
