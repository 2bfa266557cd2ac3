import { RotateCwIcon, SparklesIcon, WifiOffIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatHaceCuanto } from '@/lib/format-fecha';
import { actualizar } from '@/lib/service-worker/actualizar';
import { useNuevaVersion } from '@/lib/service-worker/service-worker';

/*
 * What the shell says about the service worker (docs/decisions/056). Loaded only when there is
 * something to say (a page from its cache, a new version waiting), by SinConexionAviso and
 * NuevaVersionHost: none of it is part of the first page.
 */

export const TEXTO_COPIA_GUARDADA = 'Sin conexión: estás viendo una copia guardada';
export const TEXTO_NUEVA_VERSION = 'Nueva versión disponible';

/**
 * 'Sin conexión: estás viendo una copia guardada' on a page the service worker sent from its
 * cache because the network did not answer (docs/decisions/056), with how old the copy is and
 * 'Reintentar', which asks for the page again.
 */
export function CopiaGuardadaAviso({
  guardadaEl,
  className,
}: {
  guardadaEl: string;
  className: string;
}) {
  const hace = guardadaEl && formatHaceCuanto(guardadaEl);
  return (
    <div role="status" className={className}>
      <span className="inline-flex items-center gap-2">
        <WifiOffIcon aria-hidden className="size-4 shrink-0" />
        {TEXTO_COPIA_GUARDADA}
      </span>
      <span className="inline-flex items-center gap-2">
        {hace && <span className="font-normal opacity-80">({hace})</span>}
        <button
          type="button"
          onClick={() => location.reload()}
          className="-my-0.5 inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-semibold underline decoration-highlight-foreground/40 underline-offset-4 outline-none hover:decoration-current focus-visible:ring-[3px] focus-visible:ring-highlight/50"
        >
          <RotateCwIcon aria-hidden className="size-3.5 shrink-0" />
          Reintentar
        </button>
      </span>
    </div>
  );
}

/**
 * 'Nueva versión disponible' with 'Actualizar' while a new build waits in the service worker
 * (docs/decisions/056): a quiet status below the top bar, like the connection's, that stays
 * until the person chooses (a toast would go after 5 s, or be replaced by the next one). The
 * page only changes when they press 'Actualizar'; the cross puts it off until the next load.
 */
export function NuevaVersionAviso() {
  const nuevaVersion = useNuevaVersion();
  const [cerrado, setCerrado] = useState(false);
  const [actualizando, setActualizando] = useState(false);
  if (!nuevaVersion || cerrado) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-primary/15 border-b bg-secondary py-1.5 pr-2 pl-4 text-secondary-foreground text-sm"
    >
      <SparklesIcon aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 font-medium">{TEXTO_NUEVA_VERSION}</span>
      <Button
        type="button"
        size="sm"
        className="ml-1 h-8"
        disabled={actualizando}
        onClick={() => {
          setActualizando(true);
          actualizar();
        }}
      >
        Actualizar
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label="Ahora no"
        className="size-8 text-secondary-foreground hover:bg-primary/10"
        onClick={() => setCerrado(true)}
      >
        <XIcon aria-hidden />
      </Button>
    </div>
  );
}
