import type { SugerenciaGeo } from '@compra-grupal/contracts';
import { CircleAlertIcon, CircleCheckIcon, MapPinIcon, MapPinnedIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useDebounce } from 'use-debounce';
import { Button } from '@/components/ui/button';
import { useBuscarDirecciones } from '@/entities/ubicacion/api/buscar-direcciones';
import { useMapaConfig } from '@/entities/ubicacion/api/mapa-config';
import type {
  Coordenadas,
  LocationPickerComponent,
  UbicacionElegida,
} from '@/entities/ubicacion/model/ubicacion';
import { completarVacios, type DireccionCampos } from '../model/direccion-campos';

/** Milliseconds of quiet typing before matches are asked for. */
const DEMORA_MS = 400;

export const AYUDA_SIN_CALLES =
  'El mapa se abre en la localidad que escribiste: toca el punto exacto de la puerta.';

export interface DireccionPuntoProps {
  punto: Coordenadas | null;
  onPunto: (punto: Coordenadas) => void;
  LocationPicker: LocationPickerComponent;
  preloadLocationPicker?: (() => void) | undefined;
  /** The picker's title. */
  titulo?: string;
}

/**
 * The point on the map of the address typed beside it (inside the same `FormProvider`). With a
 * geocoder that knows streets, the typed street and number propose doors, and choosing one
 * places the point; otherwise the map opens on the typed locality and the person places it.
 * Whatever the map or a match brings fills only the fields still empty.
 */
export function DireccionPunto({
  punto,
  onPunto,
  LocationPicker,
  preloadLocationPicker,
  titulo = 'Ubicación de la dirección',
}: DireccionPuntoProps) {
  const form = useFormContext<DireccionCampos>();
  const [calle, altura, ciudad] = useWatch({
    control: form.control,
    name: ['calle', 'altura', 'ciudad'],
  });
  const propuestasId = useId();
  const [mapaAbierto, setMapaAbierto] = useState(false);
  const [elegida, setElegida] = useState<string | null>(null);
  const buscaCalles = useMapaConfig().data?.buscaCalles ?? false;

  const puerta = calle.trim() && altura.trim() ? `${calle.trim()} ${altura.trim()}` : '';
  const consulta = buscaCalles
    ? puerta && [puerta, ciudad.trim()].filter(Boolean).join(', ')
    : ciudad.trim();
  const [q] = useDebounce(consulta, DEMORA_MS);
  const busqueda = useBuscarDirecciones(q);
  const encontradas = q === consulta ? (busqueda.data ?? []) : [];
  // The map opens on the first match: the typed locality, or the typed door.
  const centro = encontradas[0] ?? null;
  const propuestas = buscaCalles && elegida !== q ? encontradas : [];

  const completar = (ubicacion: Parameters<typeof completarVacios>[1]) => {
    const cambios = completarVacios(form.getValues(), ubicacion);
    for (const [campo, valor] of Object.entries(cambios) as [keyof DireccionCampos, string][]) {
      form.setValue(campo, valor, { shouldValidate: form.formState.isSubmitted });
    }
  };

  const elegirPropuesta = (sugerencia: SugerenciaGeo) => {
    completar({
      address: sugerencia.direccion,
      city: sugerencia.ciudad,
      province: sugerencia.provincia,
      postalCode: sugerencia.codigoPostal,
    });
    onPunto({ lat: sugerencia.lat, lng: sugerencia.lng });
    setElegida(q);
  };

  const alConfirmarMapa = (ubicacion: UbicacionElegida) => {
    completar(ubicacion);
    onPunto({ lat: ubicacion.lat, lng: ubicacion.lng });
    setMapaAbierto(false);
  };

  return (
    <div className="grid gap-3" data-slot="direccion-punto">
      {propuestas.length > 0 && (
        <div className="grid gap-1.5">
          <p className="font-medium text-sm" id={propuestasId}>
            ¿Es alguna de estas?
          </p>
          <ul aria-labelledby={propuestasId} className="grid gap-1.5">
            {propuestas.map((sugerencia) => (
              <li key={`${sugerencia.etiqueta}-${sugerencia.lat}-${sugerencia.lng}`}>
                <Button
                  type="button"
                  variant="outline"
                  className="h-auto w-full justify-start whitespace-normal py-2 text-left font-normal"
                  onClick={() => elegirPropuesta(sugerencia)}
                >
                  <MapPinIcon className="text-primary" aria-hidden />
                  {sugerencia.etiqueta}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col gap-2 rounded-xl bg-muted/60 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" data-slot="punto-estado" className="flex items-start gap-2 text-sm">
          {punto ? (
            <>
              <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              Ubicación marcada en el mapa
            </>
          ) : (
            <>
              <CircleAlertIcon
                className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                aria-hidden
              />
              Falta marcar la ubicación en el mapa
            </>
          )}
        </p>
        <Button
          type="button"
          variant={punto ? 'outline' : 'secondary'}
          className="shrink-0"
          onClick={() => setMapaAbierto(true)}
          onPointerEnter={preloadLocationPicker}
          onFocus={preloadLocationPicker}
        >
          <MapPinnedIcon aria-hidden />
          {punto ? 'Cambiar el punto en el mapa' : 'Marcar en el mapa'}
        </Button>
      </div>
      {!buscaCalles && <p className="text-muted-foreground text-xs">{AYUDA_SIN_CALLES}</p>}
      <LocationPicker
        open={mapaAbierto}
        onOpenChange={setMapaAbierto}
        initialLocation={punto}
        centro={centro ? { lat: centro.lat, lng: centro.lng } : null}
        onConfirm={alConfirmarMapa}
        title={titulo}
        description={
          buscaCalles
            ? 'Busca tu dirección o marca el punto en el mapa.'
            : 'Toca el mapa donde está la puerta; tus datos escritos no cambian.'
        }
      />
    </div>
  );
}
