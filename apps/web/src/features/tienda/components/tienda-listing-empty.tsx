import {
  FilterXIcon,
  LocateFixedIcon,
  type LucideIcon,
  MapPinnedIcon,
  MapPinOffIcon,
  SearchXIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

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

/**
 * The listing's place when it has no stores to show (none found, or the location still being
 * sought): an icon, a title and what the person can do.
 */
export function EstadoDelListado({
  id,
  icono: Icono,
  iconoClassName,
  titulo,
  role,
  children,
}: {
  id: string;
  icono: LucideIcon;
  iconoClassName?: string;
  titulo: string;
  role?: 'status';
  children: ReactNode;
}) {
  return (
    <section
      role={role}
      aria-labelledby={id}
      className="flex animate-rise-in flex-col items-center rounded-2xl border border-border border-dashed bg-card/70 px-6 py-12 text-center sm:py-16"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <Icono className={cn('size-7', iconoClassName)} aria-hidden />
      </span>
      <h2 id={id} className="mt-5 font-semibold text-xl tracking-tight">
        {titulo}
      </h2>
      {children}
    </section>
  );
}
