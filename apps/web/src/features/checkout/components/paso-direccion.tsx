import type { Direccion } from '@compra-grupal/contracts';
import { MapPinIcon, MapPinnedIcon, PlusIcon, RotateCcwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { useCrearDireccion } from '../api/crear-direccion';
import { useDirecciones } from '../api/get-direcciones';
import { CHECKOUT_TEXTOS } from '../lib/textos';
import { OpcionRadio } from './opcion-radio';
import type { LocationPickerComponent, UbicacionElegida } from './tipos';

export interface PasoDireccionProps {
  userId: string;
  direccionId: string | null;
  onDireccion: (direccionId: string) => void;
  LocationPicker: LocationPickerComponent;
  preloadLocationPicker?: (() => void) | undefined;
}

function textoDireccion(direccion: Direccion): string {
  return [direccion.ciudad, direccion.provincia, direccion.codigoPostal].filter(Boolean).join(', ');
}

/** Step 2: a saved address, or a new one picked on the map with its detail fields. */
export function PasoDireccion({
  userId,
  direccionId,
  onDireccion,
  LocationPicker,
  preloadLocationPicker,
}: PasoDireccionProps) {
  const direcciones = useDirecciones(userId);
  const crear = useCrearDireccion(userId);
  const [agregando, setAgregando] = useState(false);
  const [mapaAbierto, setMapaAbierto] = useState(false);
  const [ubicacion, setUbicacion] = useState<UbicacionElegida | null>(null);
  const [departamento, setDepartamento] = useState('');
  const [descripcion, setDescripcion] = useState('');
  const nombre = useId();
  const departamentoId = useId();
  const descripcionId = useId();

  const lista = direcciones.data ?? [];
  const formularioVisible = agregando || (direcciones.isSuccess && lista.length === 0);

  const guardar = async () => {
    if (crear.isPending) return;
    if (!ubicacion) {
      toast({
        title: CHECKOUT_TEXTOS.ubicacionRequerida,
        description: CHECKOUT_TEXTOS.seleccionaUbicacion,
        variant: 'destructive',
      });
      return;
    }
    try {
      const nueva = await crear.mutateAsync({
        userId,
        direccion: {
          direccion: ubicacion.address,
          latitud: ubicacion.lat,
          longitud: ubicacion.lng,
          codigoPostal: ubicacion.postalCode,
          provincia: ubicacion.province,
          ciudad: ubicacion.city,
          departamento: departamento.trim() || null,
          descripcion: descripcion.trim() || null,
        },
      });
      toast({ title: CHECKOUT_TEXTOS.direccionAgregada, description: nueva.direccion });
      onDireccion(nueva._id);
      setAgregando(false);
      setUbicacion(null);
      setDepartamento('');
      setDescripcion('');
    } catch {
      // The mutation's handler said 'No se pudo agregar la dirección'.
    }
  };

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
            <OpcionRadio
              key={direccion._id}
              name={nombre}
              value={direccion._id}
              checked={direccionId === direccion._id}
              onChange={onDireccion}
            >
              <span className="flex items-start gap-2">
                <MapPinIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0">
                  <span className="block font-medium">
                    {direccion.direccion}
                    {direccion.departamento ? `, ${direccion.departamento}` : ''}
                  </span>
                  <span className="block text-muted-foreground text-sm">
                    {textoDireccion(direccion)}
                  </span>
                  {direccion.descripcion && (
                    <span className="block text-muted-foreground text-xs">
                      {direccion.descripcion}
                    </span>
                  )}
                </span>
              </span>
            </OpcionRadio>
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
        <section
          aria-labelledby={`${nombre}-nueva`}
          className="grid gap-4 rounded-xl border border-border border-dashed p-4"
        >
          <h3 id={`${nombre}-nueva`} className="font-semibold">
            Nueva dirección
          </h3>
          <div className="grid gap-2">
            <Button
              type="button"
              variant="secondary"
              className="justify-self-start"
              onClick={() => setMapaAbierto(true)}
              onPointerEnter={preloadLocationPicker}
              onFocus={preloadLocationPicker}
            >
              <MapPinnedIcon aria-hidden />
              {ubicacion ? 'Cambiar ubicación en el mapa' : 'Elegir ubicación en el mapa'}
            </Button>
            {ubicacion ? (
              <p data-slot="ubicacion-elegida" className="text-sm">
                <span className="font-medium">{ubicacion.address}</span>
                <span className="block text-muted-foreground">
                  {[ubicacion.city, ubicacion.province, ubicacion.postalCode]
                    .filter(Boolean)
                    .join(', ')}
                </span>
              </p>
            ) : (
              <p className="text-muted-foreground text-sm">
                Marca en el mapa dónde quieres recibir tu compra.
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={departamentoId}>Departamento</Label>
            <Input
              id={departamentoId}
              value={departamento}
              maxLength={200}
              placeholder="Ej.: 4° B (opcional)"
              onChange={(event) => setDepartamento(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={descripcionId}>Descripción adicional</Label>
            <Textarea
              id={descripcionId}
              value={descripcion}
              maxLength={200}
              rows={3}
              placeholder="Indicaciones para el repartidor (opcional)"
              onChange={(event) => setDescripcion(event.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => void guardar()} disabled={crear.isPending}>
              {crear.isPending ? 'Guardando…' : 'Guardar dirección'}
            </Button>
            {lista.length > 0 && (
              <Button type="button" variant="ghost" onClick={() => setAgregando(false)}>
                Cancelar
              </Button>
            )}
          </div>
        </section>
      )}

      <LocationPicker
        open={mapaAbierto}
        onOpenChange={setMapaAbierto}
        initialLocation={ubicacion ? { lat: ubicacion.lat, lng: ubicacion.lng } : null}
        onConfirm={(elegida) => {
          setUbicacion(elegida);
          setMapaAbierto(false);
        }}
        title="Dirección de envío"
        description="Busca tu dirección o marca el punto en el mapa."
      />
    </div>
  );
}
