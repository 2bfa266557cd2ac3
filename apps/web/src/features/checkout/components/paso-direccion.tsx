import type { Direccion } from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon, MapPinIcon, PlusIcon, RotateCcwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { DireccionCampos } from '@/entities/direccion/components/direccion-campos';
import { DireccionPunto } from '@/entities/direccion/components/direccion-punto';
import { lineaDeLaLocalidad, lineaDeLaPuerta } from '@/entities/direccion/lib/formato-direccion';
import {
  DIRECCION_CAMPOS_VACIOS,
  direccionCamposShape,
} from '@/entities/direccion/model/direccion-campos';
import type { Coordenadas, LocationPickerComponent } from '@/entities/ubicacion/model/ubicacion';
import { useCrearDireccion } from '../api/crear-direccion';
import { useDirecciones } from '../api/get-direcciones';
import { CHECKOUT_TEXTOS } from '../lib/textos';
import { OpcionRadio } from './opcion-radio';
import { FALTA_PUNTO, UbicarDireccion } from './ubicar-direccion';

export interface PasoDireccionProps {
  usuarioId: string;
  direccionId: string | null;
  onDireccion: (direccionId: string) => void;
  LocationPicker: LocationPickerComponent;
  preloadLocationPicker?: (() => void) | undefined;
}

const nuevaDireccionSchema = z.object({
  ...direccionCamposShape,
  descripcion: z.string().trim().max(200, 'La descripción puede tener hasta 200 caracteres'),
});

type NuevaDireccionValores = z.input<typeof nuevaDireccionSchema>;

const sinPunto = (direccion: Direccion) =>
  direccion.latitud === null || direccion.longitud === null;

/** A saved address: the door first, the locality after, and a notice while it has no point. */
function DireccionGuardada({ direccion }: { direccion: Direccion }) {
  const descripcion = direccion.descripcion?.trim();
  return (
    <span className="flex items-start gap-2">
      <MapPinIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <span className="min-w-0">
        <span className="block font-medium">
          {lineaDeLaPuerta(direccion, { conDescripcion: false })}
        </span>
        <span className="block text-muted-foreground text-sm">{lineaDeLaLocalidad(direccion)}</span>
        {descripcion && <span className="block text-muted-foreground text-xs">{descripcion}</span>}
      </span>
    </span>
  );
}

function NuevaDireccion({
  usuarioId,
  onGuardada,
  onCancelar,
  LocationPicker,
  preloadLocationPicker,
}: {
  usuarioId: string;
  onGuardada: (direccion: Direccion) => void;
  onCancelar: (() => void) | null;
  LocationPicker: LocationPickerComponent;
  preloadLocationPicker?: (() => void) | undefined;
}) {
  const crear = useCrearDireccion(usuarioId);
  const tituloId = useId();
  const [punto, setPunto] = useState<Coordenadas | null>(null);
  const form = useForm<NuevaDireccionValores>({
    resolver: zodResolver(nuevaDireccionSchema),
    defaultValues: { ...DIRECCION_CAMPOS_VACIOS, descripcion: '' },
  });

  const guardar = form.handleSubmit(async (valores) => {
    if (crear.isPending) return;
    if (!punto) {
      toast({
        title: CHECKOUT_TEXTOS.ubicacionRequerida,
        description: CHECKOUT_TEXTOS.seleccionaUbicacion,
        variant: 'destructive',
      });
      return;
    }
    try {
      const nueva = await crear.mutateAsync({
        usuarioId,
        direccion: {
          calle: valores.calle,
          altura: valores.altura,
          departamento: valores.departamento || null,
          descripcion: valores.descripcion || null,
          ciudad: valores.ciudad,
          provincia: valores.provincia,
          codigoPostal: valores.codigoPostal || null,
          latitud: punto.lat,
          longitud: punto.lng,
        },
      });
      toast({ title: CHECKOUT_TEXTOS.direccionAgregada, description: nueva.direccion });
      onGuardada(nueva);
    } catch {
      // The mutation's handler said 'No se pudo agregar la dirección'.
    }
  });

  return (
    <section
      aria-labelledby={tituloId}
      className="grid gap-4 rounded-xl border border-border border-dashed p-3 sm:p-4"
    >
      <h3 id={tituloId} className="font-semibold">
        Nueva dirección
      </h3>
      <FormProvider {...form}>
        {/* Not a <form>: the step lives inside the wizard's; the button saves it. */}
        <div className="grid gap-4">
          <DireccionCampos
            descripcion={{
              label: 'Descripción adicional',
              placeholder: 'Indicaciones para el repartidor (opcional)',
            }}
          />
          <DireccionPunto
            punto={punto}
            onPunto={setPunto}
            LocationPicker={LocationPicker}
            preloadLocationPicker={preloadLocationPicker}
            titulo="Dirección de envío"
          />
        </div>
      </FormProvider>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => void guardar()} disabled={crear.isPending}>
          {crear.isPending ? 'Guardando…' : 'Guardar dirección'}
        </Button>
        {onCancelar && (
          <Button type="button" variant="ghost" onClick={onCancelar}>
            Cancelar
          </Button>
        )}
      </div>
    </section>
  );
}

/** Step 2: a saved address (placing its point when it has none), or a new one. */
export function PasoDireccion({
  usuarioId,
  direccionId,
  onDireccion,
  LocationPicker,
  preloadLocationPicker,
}: PasoDireccionProps) {
  const direcciones = useDirecciones(usuarioId);
  const [agregando, setAgregando] = useState(false);
  const nombre = useId();

  const lista = direcciones.data ?? [];
  const formularioVisible = agregando || (direcciones.isSuccess && lista.length === 0);

  return (
    <div className="grid gap-4">
      {direcciones.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Cargando direcciones">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : direcciones.isError ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm">
          <p>No pudimos cargar tus direcciones guardadas.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => direcciones.refetch()}>
            <RotateCcwIcon aria-hidden />
            Reintentar
          </Button>
        </div>
      ) : lista.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">Tus direcciones guardadas</legend>
          {lista.map((direccion) => (
            <div key={direccion._id} className="grid gap-0">
              <OpcionRadio
                name={nombre}
                value={direccion._id}
                checked={direccionId === direccion._id}
                onChange={onDireccion}
              >
                <DireccionGuardada direccion={direccion} />
              </OpcionRadio>
              {sinPunto(direccion) && (
                <div
                  data-slot="direccion-sin-punto"
                  className="-mt-2 flex flex-col items-start gap-2 rounded-b-xl border border-amber-300/70 border-t-0 bg-amber-50 px-3 pt-4 pb-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-amber-500/40 dark:bg-amber-950/40"
                >
                  <p className="flex items-start gap-2 text-amber-900 dark:text-amber-100">
                    <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {FALTA_PUNTO}
                  </p>
                  <UbicarDireccion
                    usuarioId={usuarioId}
                    direccion={direccion}
                    LocationPicker={LocationPicker}
                    preloadLocationPicker={preloadLocationPicker}
                    onUbicada={() => onDireccion(direccion._id)}
                  />
                </div>
              )}
            </div>
          ))}
        </fieldset>
      ) : null}

      {!formularioVisible && direcciones.isSuccess && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setAgregando(true)}
        >
          <PlusIcon aria-hidden />
          Agregar nueva dirección
        </Button>
      )}

      {formularioVisible && (
        <NuevaDireccion
          usuarioId={usuarioId}
          LocationPicker={LocationPicker}
          preloadLocationPicker={preloadLocationPicker}
          onCancelar={lista.length > 0 ? () => setAgregando(false) : null}
          onGuardada={(nueva) => {
            onDireccion(nueva._id);
            setAgregando(false);
          }}
        />
      )}
    </div>
  );
}
