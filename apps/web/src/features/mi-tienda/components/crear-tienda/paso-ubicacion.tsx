import { componerDireccion } from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { MapPinIcon, MapPinnedIcon, PencilIcon } from 'lucide-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { lineaDeLaPuerta } from '@/entities/direccion/lib/formato-direccion';
import {
  completarVacios,
  type DireccionCampos,
  direccionCamposShape,
} from '@/entities/direccion/model/direccion-campos';
import type {
  Coordenadas,
  LocationPickerComponent,
  UbicacionElegida,
} from '@/entities/ubicacion/model/ubicacion';
import type { DireccionTienda } from '../../api/crear-tienda';
import { type DetallesDireccion, DireccionDetallesDialog } from './direccion-detalles-dialog';

const detallesSchema = z.object({
  ...direccionCamposShape,
  descripcion: z.string().trim().max(200, 'La descripción puede tener hasta 200 caracteres'),
});

/** The form's values of an address already confirmed (or empty ones). */
function valoresDe(direccion: DireccionTienda | null): DetallesDireccion {
  return {
    calle: direccion?.calle ?? '',
    altura: direccion?.altura ?? '',
    departamento: direccion?.departamento ?? '',
    ciudad: direccion?.ciudad ?? '',
    provincia: direccion?.provincia ?? '',
    codigoPostal: direccion?.codigoPostal ?? '',
    descripcion: direccion?.descripcion ?? '',
  };
}

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
 * dialog with the address typed by hand (street, number, locality, province: what the map
 * found fills the empty ones); 'Confirmar' checks them and saves the address; 'Volver al mapa'
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
  const [punto, setPunto] = useState<Coordenadas | null>(null);
  const form = useForm<DetallesDireccion>({
    resolver: zodResolver(detallesSchema),
    defaultValues: valoresDe(direccion),
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

  // What the map brings fills only the fields still empty: moving the pin never rewrites
  // what was typed.
  const alElegirEnMapa = (ubicacion: UbicacionElegida) => {
    setPunto({ lat: ubicacion.lat, lng: ubicacion.lng });
    const cambios = completarVacios(form.getValues(), ubicacion);
    for (const [campo, valor] of Object.entries(cambios) as [keyof DireccionCampos, string][]) {
      form.setValue(campo, valor);
    }
    setDetallesAbiertos(true);
  };

  const volverAlMapa = () => {
    setDetallesAbiertos(false);
    setMapaAbierto(true);
  };

  const confirmar = form.handleSubmit((valores) => {
    const elegido =
      punto ?? (direccion ? { lat: direccion.latitud, lng: direccion.longitud } : null);
    if (!elegido) return;
    onConfirmar({
      calle: valores.calle,
      altura: valores.altura,
      latitud: elegido.lat,
      longitud: elegido.lng,
      codigoPostal: valores.codigoPostal || null,
      provincia: valores.provincia,
      ciudad: valores.ciudad,
      departamento: valores.departamento || null,
      descripcion: valores.descripcion || null,
    });
    setDetallesAbiertos(false);
  });

  const puntoInicial =
    punto ?? (direccion ? { lat: direccion.latitud, lng: direccion.longitud } : null);

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
                {lineaDeLaPuerta(
                  {
                    ...direccion,
                    direccion: direccion.calle
                      ? componerDireccion(direccion.calle, direccion.altura ?? '')
                      : (direccion.direccion ?? ''),
                    departamento: null,
                  },
                  { conDescripcion: false },
                )}
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
        form={form}
        onVolverAlMapa={volverAlMapa}
        onConfirmar={() => void confirmar()}
      />
    </div>
  );
}
