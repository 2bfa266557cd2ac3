import {
  FilterXIcon,
  LocateFixedIcon,
  MapPinnedIcon,
  MapPinOffIcon,
  SearchXIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EstadoDelListado } from './estado-del-listado';

export interface TiendaListingEmptyProps {
  /** A search or a category is active. */
  filtrosActivos: boolean;
  /** There is a location (the area simply has no stores). */
  conUbicacion: boolean;
  onClearFilters: () => void;
  onRetryLocation: () => void;
  onChangeLocation: () => void;
}

/**
 * 'No se encontraron tiendas' (spec part 1, section 2): with filters, a hint to change them;
 * without, a GPS retry and advice to enable location.
 */
export function TiendaListingEmpty({
  filtrosActivos,
  conUbicacion,
  onClearFilters,
  onRetryLocation,
  onChangeLocation,
}: TiendaListingEmptyProps) {
  return (
    <EstadoDelListado
      id="sin-tiendas"
      icono={filtrosActivos ? SearchXIcon : MapPinOffIcon}
      titulo="No se encontraron tiendas"
    >
      {filtrosActivos ? (
        <>
          <p className="mt-2 max-w-md text-pretty text-muted-foreground text-sm">
            Prueba con otras palabras o cambia la categoría: puede que ninguna tienda cercana
            coincida con los filtros que elegiste.
          </p>
          <Button type="button" variant="outline" className="mt-6" onClick={onClearFilters}>
            <FilterXIcon aria-hidden />
            Limpiar filtros
          </Button>
        </>
      ) : (
        <>
          <p className="mt-2 max-w-md text-pretty text-muted-foreground text-sm">
            {conUbicacion
              ? 'Todavía no hay tiendas que lleguen a esta ubicación. Verifica que la ubicación de tu navegador esté habilitada y reintenta, o elige otro punto en el mapa.'
              : 'Para ver tiendas cercanas, habilita la ubicación en tu navegador (ícono de ubicación en la barra de direcciones) y reintenta, o elige un punto en el mapa.'}
          </p>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row">
            <Button type="button" onClick={onRetryLocation}>
              <LocateFixedIcon aria-hidden />
              Reintentar ubicación
            </Button>
            <Button type="button" variant="outline" onClick={onChangeLocation}>
              <MapPinnedIcon aria-hidden />
              Elegir en el mapa
            </Button>
          </div>
        </>
      )}
    </EstadoDelListado>
  );
}
