import { LoaderCircleIcon, MapPinIcon, MapPinnedIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Coordenadas } from '@/entities/ubicacion/model/ubicacion';
import { cn } from '@/lib/utils';
import { useUbicacionInversa } from '../api/ubicacion-inversa';
import { formatCoordenadas } from '../lib/coordenadas';
import { preloadUbicacionPicker } from './ubicacion-picker-dialog';

export interface UbicacionBarProps {
  location: Coordenadas | null;
  locating: boolean;
  /** Opens the location picker. */
  onChange: () => void;
  className?: string;
}

/** 'Lat -34.5889, Lng -58.4108', wrapping only between the two values. */
function CoordenadasTexto({ location }: { location: Coordenadas }) {
  const [lat, lng] = formatCoordenadas(location).split(', ');
  return (
    <>
      <span className="whitespace-nowrap">{lat},</span>{' '}
      <span className="whitespace-nowrap">{lng}</span>
    </>
  );
}

/**
 * The shopper's location: the place's name ('Palermo, Ciudad Autónoma de Buenos Aires') when
 * it is known, the latitude and longitude with 4 decimals, and a way to change it.
 */
export function UbicacionBar({ location, locating, onChange, className }: UbicacionBarProps) {
  const accion = location ? 'Cambiar ubicación' : 'Elegir ubicación';
  const { data: lugar } = useUbicacionInversa(locating ? null : location);
  const nombre = lugar ? [lugar.ciudad, lugar.provincia].filter(Boolean).join(', ') : '';
  return (
    // A grid: on phones the place and coordinates run under the button, so a long name
    // ('Palermo, Ciudad Autónoma de Buenos Aires') keeps its room; from 640 px the button sits
    // beside them.
    <div
      className={cn(
        'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 rounded-xl border border-border/70 bg-card/90 py-2 pr-2 pl-2.5 shadow-xs',
        className,
      )}
    >
      <span className="col-[1] row-[1] grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary sm:row-[1/3]">
        {locating ? (
          <LoaderCircleIcon className="size-[1.125rem] animate-spin" aria-hidden />
        ) : (
          <MapPinIcon className="size-[1.125rem]" aria-hidden />
        )}
      </span>
      <p className="col-[2] row-[1] text-muted-foreground text-xs sm:self-end">Tu ubicación</p>
      <div className="col-[2/4] row-[2] min-w-0 self-start sm:col-[2/3]" aria-live="polite">
        {nombre && !locating && (
          <p data-slot="lugar" title={nombre} className="line-clamp-2 font-semibold text-sm">
            {nombre}
          </p>
        )}
        <p
          className={cn(
            'text-pretty tabular-nums',
            nombre && !locating ? 'text-muted-foreground text-xs' : 'font-medium text-sm',
          )}
        >
          {locating ? (
            'Buscando tu ubicación…'
          ) : location ? (
            <CoordenadasTexto location={location} />
          ) : (
            'Sin ubicación'
          )}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="col-[3] row-[1] sm:row-[1/3]"
        aria-label={accion}
        onClick={onChange}
        onPointerEnter={preloadUbicacionPicker}
        onFocus={preloadUbicacionPicker}
      >
        <MapPinnedIcon aria-hidden />
        {/* Short on phones, so the coordinates keep their room. */}
        <span className="sm:hidden">{location ? 'Cambiar' : 'Elegir'}</span>
        <span className="hidden sm:inline">{accion}</span>
      </Button>
    </div>
  );
}
