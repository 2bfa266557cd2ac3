import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';
import { useCategoriasGlobales } from '@/entities/categoria/api/get-categorias-globales';
import { useErrorToast } from '@/hooks/use-error-toast';
import { ApiError, ERROR_CONEXION } from '@/lib/api-client';
import { useTiendasQueCubren } from '../api/tiendas-que-cubren';
import { TODAS_LAS_CATEGORIAS, textoTiendasEncontradas } from '../lib/filtros';
import { TiendaCardSkeleton } from './tienda-card-skeleton';
import { TiendaFilters } from './tienda-filters';
import { TiendaListingEmpty } from './tienda-listing-empty';
import { TiendaListingUbicando } from './tienda-listing-ubicando';

// The cards (with the carousel engine) are needed once the stores arrive: their code loads
// while the location and the stores are fetched, not with the first page.
const loadTiendaGrid = () => import('./tienda-grid');
const TiendaGrid = lazy(async () => ({ default: (await loadTiendaGrid()).TiendaGrid }));

/** Listing messages of the spec (part 1, section 8), under the title 'Error'. */
const ERROR_TIENDAS = 'No se pudieron cargar las tiendas';
const ERROR_CATEGORIAS = 'No se pudieron cargar las categorías';

/** Milliseconds of quiet typing before the search is sent. */
const DEMORA_BUSQUEDA_MS = 300;

const SKELETONS = 6;

function SkeletonGrid() {
  return (
    <div role="status" aria-live="polite" className="@container">
      <span className="sr-only">Cargando tiendas…</span>
      <div className="grid grid-cols-1 gap-5 @2xl:grid-cols-2 @5xl:grid-cols-3">
        {Array.from({ length: SKELETONS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <TiendaCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

const sinConexion = (error: Error | null) => error instanceof ApiError && error.status === 0;

/** The toast 'Error' of a failed listing call; 'Error de conexión' without an answer. */
function useListingErrorToast(
  consulta: { error: Error | null; errorUpdatedAt: number },
  mensaje: string,
) {
  const { error, errorUpdatedAt } = consulta;
  useErrorToast(error ? errorUpdatedAt : 0, 'Error', sinConexion(error) ? ERROR_CONEXION : mensaje);
}

export interface TiendaListingProps {
  /** The shopper's point; nothing is fetched without it. */
  location: { lat: number; lng: number } | null;
  /** The location is being found (the listing shows its skeleton meanwhile). */
  locating: boolean;
  onRetryLocation: () => void;
  onChangeLocation: () => void;
}

/**
 * The marketplace listing (spec part 1, section 2): stores and categories fetched in parallel
 * once there is a location; a search sent to the server (debounced) and a category filter
 * applied here; the count, the cards, or the empty state.
 */
export function TiendaListing({
  location,
  locating,
  onRetryLocation,
  onChangeLocation,
}: TiendaListingProps) {
  const [busqueda, setBusqueda] = useState('');
  const [categoria, setCategoria] = useState(TODAS_LAS_CATEGORIAS);
  const [q] = useDebounce(busqueda.trim(), DEMORA_BUSQUEDA_MS);

  useEffect(() => {
    loadTiendaGrid().catch(() => {
      // Suspense shows the failure when the grid renders.
    });
  }, []);

  const tiendas = useTiendasQueCubren(
    location ? { lat: location.lat, lng: location.lng, q } : null,
  );
  const categorias = useCategoriasGlobales({ enabled: location !== null });
  useListingErrorToast(tiendas, ERROR_TIENDAS);
  useListingErrorToast(categorias, ERROR_CATEGORIAS);

  const visibles = useMemo(() => {
    const lista = tiendas.data ?? [];
    if (categoria === TODAS_LAS_CATEGORIAS) return lista;
    return lista.filter((tienda) => tienda.categoriaGlobal === categoria);
  }, [tiendas.data, categoria]);

  const filtrosActivos = busqueda.trim() !== '' || categoria !== TODAS_LAS_CATEGORIAS;
  // Also while a failed listing is fetched again, so its retry shows it is working.
  const cargando = locating || (location !== null && !tiendas.data && tiendas.isFetching);
  const buscando = tiendas.isPlaceholderData && tiendas.isFetching;

  // A failed listing is an error with its own retry, never the 'no stores here' state.
  const fallo = location !== null && tiendas.isError && !tiendas.data;

  const limpiarFiltros = () => {
    setBusqueda('');
    setCategoria(TODAS_LAS_CATEGORIAS);
  };

  return (
    <div className="flex flex-col gap-5">
      <TiendaFilters
        busqueda={busqueda}
        onBusquedaChange={setBusqueda}
        categoria={categoria}
        onCategoriaChange={setCategoria}
        categorias={categorias.data ?? []}
        buscando={buscando}
      />

      {locating && location === null ? (
        <TiendaListingUbicando onChangeLocation={onChangeLocation} />
      ) : cargando ? (
        <SkeletonGrid />
      ) : fallo ? (
        <ErrorView
          headingLevel="h2"
          title={ERROR_TIENDAS}
          onRetry={() => void tiendas.refetch()}
          actions={
            <Button type="button" variant="outline" onClick={onChangeLocation}>
              Cambiar ubicación
            </Button>
          }
        >
          {sinConexion(tiendas.error)
            ? 'Revisa tu conexión a internet y vuelve a intentarlo.'
            : 'Hubo un problema al buscar las tiendas de tu zona. Vuelve a intentarlo en unos segundos.'}
        </ErrorView>
      ) : visibles.length === 0 ? (
        <TiendaListingEmpty
          filtrosActivos={filtrosActivos}
          conUbicacion={location !== null}
          onClearFilters={limpiarFiltros}
          onRetryLocation={onRetryLocation}
          onChangeLocation={onChangeLocation}
        />
      ) : (
        <section aria-label="Tiendas" className="@container">
          <p role="status" className="mb-3 font-medium text-muted-foreground text-sm">
            {textoTiendasEncontradas(visibles.length)}
          </p>
          <Suspense fallback={<SkeletonGrid />}>
            <TiendaGrid tiendas={visibles} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
