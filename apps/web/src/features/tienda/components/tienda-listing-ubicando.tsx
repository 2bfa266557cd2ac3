import { LocateIcon, MapPinnedIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EstadoDelListado } from './estado-del-listado';

/**
 * While the browser is asked for the position and no point is saved: what is happening and the
 * way around it. It is also what a page drawn on the server shows before the browser knows the
 * visitor's location (docs/decisions/044), so it takes the room the answer will take.
 */
export function TiendaListingUbicando({ onChangeLocation }: { onChangeLocation: () => void }) {
  return (
    <EstadoDelListado
      id="ubicando"
      role="status"
      icono={LocateIcon}
      iconoClassName="motion-safe:animate-pulse"
      titulo="Buscando tu ubicación…"
    >
      <p className="mt-2 max-w-md text-pretty text-muted-foreground text-sm">
        Si tu navegador te lo pide, permite el acceso a tu ubicación para ver las tiendas que llegan
        hasta tu casa. Si prefieres no compartirla, puedes elegir un punto en el mapa y te mostramos
        las tiendas de esa zona.
      </p>
      <Button type="button" variant="outline" className="mt-6" onClick={onChangeLocation}>
        <MapPinnedIcon aria-hidden />
        Elegir en el mapa
      </Button>
    </EstadoDelListado>
  );
}
