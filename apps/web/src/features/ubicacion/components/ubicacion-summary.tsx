import { ERROR_CODES, type UbicacionGeo } from '@compra-grupal/contracts';
import { LoaderCircleIcon, MapPinIcon } from 'lucide-react';
import type { Coordenadas } from '@/entities/ubicacion/model/ubicacion';
import { ApiError } from '@/lib/api-client';
import { formatCoordenadas } from '../lib/coordenadas';

export interface UbicacionSummaryProps {
  punto: Coordenadas | null;
  datos: UbicacionGeo | null;
  cargando: boolean;
  error: unknown;
}

function mensajeDeError(error: unknown): string {
  if (error instanceof ApiError && error.code === ERROR_CODES.ubicacionFueraDeArgentina) {
    return 'Ese punto está fuera de Argentina. Elige otro lugar.';
  }
  return 'No pudimos obtener la dirección de este punto.';
}

function Campo({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="truncate font-medium text-sm">{value?.trim() ? value : '—'}</dd>
    </div>
  );
}

/** The selected location: address, city, province, postal code and coordinates. */
export function UbicacionSummary({ punto, datos, cargando, error }: UbicacionSummaryProps) {
  const fallo = punto !== null && !cargando && !datos && error;
  return (
    <section
      aria-label="Ubicación seleccionada"
      aria-live="polite"
      className="rounded-xl border border-border/70 bg-muted/40 p-3.5"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
          {cargando ? (
            <LoaderCircleIcon className="size-[1.125rem] animate-spin" aria-hidden />
          ) : (
            <MapPinIcon className="size-[1.125rem]" aria-hidden />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-muted-foreground text-xs">Ubicación seleccionada</p>
          <p className={fallo ? 'text-destructive text-sm' : 'truncate font-semibold text-sm'}>
            {!punto
              ? 'Todavía no elegiste una ubicación'
              : cargando
                ? 'Buscando la dirección…'
                : fallo
                  ? mensajeDeError(error)
                  : datos?.direccion || '—'}
          </p>
          <dl className="mt-2.5 grid grid-cols-3 gap-x-3 gap-y-2">
            <Campo label="Ciudad" value={cargando ? null : datos?.ciudad} />
            <Campo label="Provincia" value={cargando ? null : datos?.provincia} />
            <Campo label="Código postal" value={cargando ? null : datos?.codigoPostal} />
          </dl>
          <p className="mt-2 text-muted-foreground text-xs tabular-nums">
            {punto ? formatCoordenadas(punto) : 'Toca el mapa o busca una dirección'}
          </p>
        </div>
      </div>
    </section>
  );
}
