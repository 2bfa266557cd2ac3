import type { Direccion } from '@compra-grupal/contracts';
import { LoaderCircleIcon, MapPinnedIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useBuscarDirecciones } from '@/entities/ubicacion/api/buscar-direcciones';
import { useMapaConfig } from '@/entities/ubicacion/api/mapa-config';
import type { LocationPickerComponent } from '@/entities/ubicacion/model/ubicacion';
import { useUbicarDireccion } from '../api/ubicar-direccion';

export const FALTA_PUNTO = 'Falta marcar esta dirección en el mapa';

/**
 * Places the point of a saved address that has none (the register dialog's): the picker opens
 * on the address's door or locality, and confirming saves only the point (PATCH), never the
 * typed fields.
 */
export function UbicarDireccion({
  usuarioId,
  direccion,
  LocationPicker,
  preloadLocationPicker,
  onUbicada,
}: {
  usuarioId: string;
  direccion: Direccion;
  LocationPicker: LocationPickerComponent;
  preloadLocationPicker?: (() => void) | undefined;
  onUbicada?: () => void;
}) {
  const [abierto, setAbierto] = useState(false);
  const ubicar = useUbicarDireccion(usuarioId);
  const buscaCalles = useMapaConfig().data?.buscaCalles ?? false;
  const busqueda = useBuscarDirecciones(
    abierto ? (buscaCalles ? `${direccion.direccion}, ${direccion.ciudad}` : direccion.ciudad) : '',
  );
  const centro = busqueda.data?.[0];

  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="secondary"
        disabled={ubicar.isPending}
        onClick={() => setAbierto(true)}
        onPointerEnter={preloadLocationPicker}
        onFocus={preloadLocationPicker}
      >
        {ubicar.isPending ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden />
        ) : (
          <MapPinnedIcon aria-hidden />
        )}
        {ubicar.isPending ? 'Guardando ubicación…' : 'Marcar en el mapa'}
      </Button>
      <LocationPicker
        open={abierto}
        onOpenChange={setAbierto}
        centro={centro ? { lat: centro.lat, lng: centro.lng } : null}
        onConfirm={async (elegida) => {
          setAbierto(false);
          try {
            await ubicar.mutateAsync({
              usuarioId,
              direccionId: direccion._id,
              punto: { latitud: elegida.lat, longitud: elegida.lng },
            });
            toast({ title: 'Ubicación guardada', description: direccion.direccion });
            onUbicada?.();
          } catch {
            // The mutation's handler said what failed.
          }
        }}
        title="Marca tu dirección en el mapa"
        description={`Toca el punto exacto de ${direccion.direccion}, ${direccion.ciudad}.`}
      />
    </>
  );
}
