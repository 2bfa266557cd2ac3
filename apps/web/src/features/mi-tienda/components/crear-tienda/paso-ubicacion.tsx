import { MapPinIcon, MapPinnedIcon, PencilIcon } from 'lucide-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import type { DireccionTienda } from '../../api/crear-tienda';
import { type DetallesDireccion, DireccionDetallesDialog } from './direccion-detalles-dialog';
import { TEXTOS } from './textos';
import type { LocationPickerComponent, UbicacionElegida } from './tipos';

export interface PasoUbicacionProps {
  direccion: DireccionTienda | null;
  onConfirmar: (direccion: DireccionTienda) => void;
  LocationPicker: LocationPickerComponent;
  /** Starts loading the picker's code (on hover or focus of the button that opens it). */
  preloadLocationPicker?: (() => void) | undefined;
  botonRef?: Ref<HTMLButtonElement>;
}

/**
 * The location step (spec part 2, sections 2, 4 and 5): the map picker, then the details
 * dialog; 'Confirmar' needs a province and a city, and saves the address; 'Volver al mapa'
 * returns to the map where the point was. The step shows the address, city, province and
 * postal code.
 */
export function PasoUbicacion({
  direccion,
  onConfirmar,
  LocationPicker,
  preloadLocationPicker,
  botonRef,
}: PasoUbicacionProps) {
  const [mapaAbierto, setMapaAbierto] = useState(false);
  const [detallesAbiertos, setDetallesAbiertos] = useState(false);
  const [elegida, setElegida] = useState<UbicacionElegida | null>(null);
  const [detalles, setDetalles] = useState<DetallesDireccion>({
    departamento: '',
    descripcion: '',
  });
  const boton = useRef<HTMLButtonElement | null>(null);

  // The dialogs have no trigger to give the focus back to: once both are closed, the step's
  // button takes it again.
  const abierto = mapaAbierto || detallesAbiertos;
  const estabaAbierto = useRef(false);
  useEffect(() => {
    if (estabaAbierto.current && !abierto) boton.current?.focus();
    estabaAbierto.current = abierto;
  }, [abierto]);

  const alElegirEnMapa = (ubicacion: UbicacionElegida) => {
    setElegida(ubicacion);
    setDetalles({
      departamento: direccion?.departamento ?? '',
      descripcion: direccion?.descripcion ?? '',
    });
    setDetallesAbiertos(true);
  };

  const volverAlMapa = () => {
    setDetallesAbiertos(false);
    setMapaAbierto(true);
  };

  const confirmar = () => {
    if (!elegida) return;
    const provincia = elegida.province.trim();
    const ciudad = elegida.city.trim();
    if (!provincia || !ciudad) {
      toast({
        title: TEXTOS.datosIncompletos,
        description: TEXTOS.sinProvinciaOCiudad,
        variant: 'destructive',
      });
      return;
    }
    onConfirmar({
      direccion: elegida.address.trim(),
      latitud: elegida.lat,
      longitud: elegida.lng,
      codigoPostal: elegida.postalCode?.trim() || null,
      provincia,
      ciudad,
      departamento: detalles.departamento.trim() || null,
      descripcion: detalles.descripcion.trim() || null,
    });
    setDetallesAbiertos(false);
  };

  const puntoInicial = elegida
    ? { lat: elegida.lat, lng: elegida.lng }
    : direccion
      ? { lat: direccion.latitud, lng: direccion.longitud }
      : null;

  const botonProps = {
    ref: (elemento: HTMLButtonElement | null) => {
      boton.current = elemento;
      if (typeof botonRef === 'function') botonRef(elemento);
      else if (botonRef) botonRef.current = elemento;
    },
    type: 'button' as const,
    onClick: () => setMapaAbierto(true),
    onPointerEnter: preloadLocationPicker,
    onFocus: preloadLocationPicker,
  };

  return (
    <div className="grid gap-4">
      {direccion ? (
        <div className="grid gap-4 rounded-2xl border border-primary/30 bg-card p-4 shadow-xs sm:p-5">
          <div className="flex items-start gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-primary/25 shadow-sm">
              <MapPinIcon className="size-5" aria-hidden />
            </span>
            <div className="grid min-w-0 gap-0.5">
              <p className="font-semibold text-sm leading-snug sm:text-base">
                {direccion.direccion}
              </p>
              {(direccion.departamento || direccion.descripcion) && (
                <p className="text-muted-foreground text-sm">
                  {[
                    direccion.departamento && `Depto ${direccion.departamento}`,
                    direccion.descripcion,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div className="grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2">
              <dt className="text-muted-foreground text-xs">Ciudad</dt>
              <dd className="font-medium">{direccion.ciudad}</dd>
            </div>
            <div className="grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2">
              <dt className="text-muted-foreground text-xs">Provincia</dt>
              <dd className="font-medium">{direccion.provincia}</dd>
            </div>
            <div className="col-span-2 grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2 sm:col-span-1">
              <dt className="text-muted-foreground text-xs">Código postal</dt>
              <dd className="font-medium">{direccion.codigoPostal ?? 'Sin código postal'}</dd>
            </div>
          </dl>
          <Button {...botonProps} variant="outline" className="justify-self-start">
            <PencilIcon aria-hidden />
            Cambiar ubicación
          </Button>
        </div>
      ) : (
        <Button
          {...botonProps}
          variant="outline"
          className="h-auto flex-col gap-3 whitespace-normal rounded-2xl border-2 border-dashed px-6 py-8 text-center hover:border-primary/50"
        >
          <span className="grid size-12 place-items-center rounded-xl bg-primary/10 text-primary">
            <MapPinnedIcon className="size-6" aria-hidden />
          </span>
          <span className="font-semibold text-base">Elegir ubicación en el mapa</span>
          <span className="font-normal text-muted-foreground text-sm">
            Busca tu dirección o marca el punto exacto de tu tienda.
          </span>
        </Button>
      )}

      <LocationPicker
        open={mapaAbierto}
        onOpenChange={setMapaAbierto}
        initialLocation={puntoInicial}
        onConfirm={alElegirEnMapa}
        title="Ubicación de tu tienda"
        description="Busca la dirección, usa tu ubicación actual o toca el mapa para mover el marcador."
      />
      <DireccionDetallesDialog
        open={detallesAbiertos}
        onOpenChange={setDetallesAbiertos}
        direccion={elegida?.address ?? ''}
        detalles={detalles}
        onDetallesChange={setDetalles}
        onVolverAlMapa={volverAlMapa}
        onConfirmar={confirmar}
      />
    </div>
  );
}
