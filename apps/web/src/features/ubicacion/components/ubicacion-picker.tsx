import { CONSTANTES, type UbicacionGeo } from '@compra-grupal/contracts';
import { CheckIcon, LoaderCircleIcon, LocateFixedIcon, MapIcon } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { toast } from '@/components/ui/toast';
import type { Coordenadas, LocationPickerProps } from '@/entities/ubicacion/model/ubicacion';
import { useUbicacionInversa } from '../api/ubicacion-inversa';
import { avisarErrorDeUbicacion, obtenerPosicionActual } from '../lib/geolocation';
import { DireccionSearch } from './direccion-search';
import type { UbicacionMapProps } from './ubicacion-map';
import { UbicacionSummary } from './ubicacion-summary';

export const DATOS_INCOMPLETOS_TITULO = 'Datos incompletos';
export const DATOS_INCOMPLETOS =
  'No se pudo obtener la provincia o ciudad. Por favor, selecciona otra ubicación.';

/** The chosen point and, when a suggestion gave them, its address data. */
interface Seleccion {
  punto: Coordenadas;
  datos: UbicacionGeo | null;
}

function MapPlaceholder({ cargando }: { cargando: boolean }) {
  return (
    <div
      className="grid place-items-center rounded-xl border border-border/70 bg-muted/60 text-muted-foreground"
      style={{ height: CONSTANTES.mapaAltoPx }}
    >
      {cargando ? (
        <span role="status" className="flex items-center gap-2 text-sm">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
          Cargando mapa…
        </span>
      ) : (
        <span className="flex flex-col items-center gap-2 px-6 text-center text-sm">
          <MapIcon className="size-6" aria-hidden />
          Busca una dirección o usa tu ubicación actual.
        </span>
      )}
    </div>
  );
}

/** Shown in place of the map when Leaflet's code could not be loaded. */
function MapUnavailable(_props: UbicacionMapProps) {
  return <MapPlaceholder cargando={false} />;
}

/**
 * The map's code (Leaflet) loads with the dialog (preloadUbicacionPicker starts it early); a
 * failure is only logged and the search still works (spec section 8).
 */
const UbicacionMap = lazy(async (): Promise<{ default: ComponentType<UbicacionMapProps> }> => {
  try {
    return { default: (await import('./ubicacion-map')).UbicacionMap };
  } catch (error) {
    console.error('No se pudo cargar el mapa', error);
    return { default: MapUnavailable };
  }
});

function LocationPickerContent({
  initialLocation,
  centro,
  onConfirm,
  onOpenChange,
}: Omit<LocationPickerProps, 'open' | 'title' | 'description'>) {
  const [seleccion, setSeleccion] = useState<Seleccion | null>(null);
  const [localizando, setLocalizando] = useState(false);

  // Points chosen on the map or by GPS are reverse-geocoded, and so is the location the picker
  // opens on, so that the summary always describes the marker; suggestions bring their data.
  const puntoSinDatos = seleccion
    ? seleccion.datos
      ? null
      : seleccion.punto
    : (initialLocation ?? null);
  const inversa = useUbicacionInversa(puntoSinDatos);
  const datos = seleccion?.datos ?? inversa.data ?? null;
  const buscandoDatos = puntoSinDatos !== null && inversa.isFetching;

  // The point the picker opened on is a choice already (after 'Volver al mapa', say): it can be
  // confirmed as it is, without nudging the marker.
  const punto = seleccion?.punto ?? initialLocation ?? null;
  const marcador = punto ?? centro ?? CONSTANTES.mapaCentroPorDefecto;

  const elegirPunto = useCallback((punto: Coordenadas) => {
    setSeleccion({ punto, datos: null });
  }, []);

  const usarMiUbicacion = async () => {
    setLocalizando(true);
    try {
      elegirPunto(await obtenerPosicionActual());
    } catch (error) {
      avisarErrorDeUbicacion(error);
    } finally {
      setLocalizando(false);
    }
  };

  const confirmar = () => {
    if (!punto) return;
    if (!datos?.provincia.trim() || !datos.ciudad.trim()) {
      toast({
        title: DATOS_INCOMPLETOS_TITULO,
        description: DATOS_INCOMPLETOS,
        variant: 'destructive',
      });
      return;
    }
    onConfirm({
      address: datos.direccion,
      lat: punto.lat,
      lng: punto.lng,
      postalCode: datos.codigoPostal,
      province: datos.provincia,
      city: datos.ciudad,
    });
    onOpenChange(false);
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <DireccionSearch
          className="flex-1"
          onSelect={(sugerencia) =>
            setSeleccion({
              punto: { lat: sugerencia.lat, lng: sugerencia.lng },
              datos: sugerencia,
            })
          }
        />
        <Button
          type="button"
          variant="outline"
          onClick={usarMiUbicacion}
          disabled={localizando}
          className="sm:w-auto"
        >
          {localizando ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden />
          ) : (
            <LocateFixedIcon aria-hidden />
          )}
          Usar mi ubicación
        </Button>
      </div>

      <div className="isolate overflow-hidden rounded-xl">
        <Suspense fallback={<MapPlaceholder cargando />}>
          <UbicacionMap position={marcador} onSelect={elegirPunto} />
        </Suspense>
      </div>

      <UbicacionSummary
        punto={punto}
        datos={datos}
        cargando={buscandoDatos}
        error={puntoSinDatos ? inversa.error : null}
      />

      {/* On phones the drawer scrolls: the actions stay in reach at its bottom edge. */}
      <div className="max-md:-mx-4 max-md:-mb-6 flex items-center justify-end gap-2 max-md:sticky max-md:-bottom-6 max-md:z-10 max-md:border-border/70 max-md:border-t max-md:bg-popover max-md:px-4 max-md:py-3">
        <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        {punto && (
          <Button
            type="button"
            onClick={confirmar}
            disabled={buscandoDatos}
            className="max-md:flex-1"
          >
            {buscandoDatos ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              <CheckIcon aria-hidden />
            )}
            Confirmar ubicación
          </Button>
        )}
      </div>
    </div>
  );
}

/** The dialog itself; see UbicacionPickerDialog, which loads this module on first opening. */
export function UbicacionPicker({
  open,
  onOpenChange,
  title = 'Elige tu ubicación',
  description = 'Busca una dirección, usa tu ubicación actual o toca el mapa para mover el marcador.',
  ...props
}: LocationPickerProps) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      className="md:max-w-2xl"
    >
      <LocationPickerContent onOpenChange={onOpenChange} {...props} />
    </ResponsiveDialog>
  );
}
