import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { useErrorToast } from '@/hooks/use-error-toast';
import { ApiError, ERROR_CONEXION } from '@/lib/api-client';
import { useCategorias } from '../api/categorias';
import { useTiendasQueCubren } from '../api/tiendas-que-cubren';
import { TODAS_LAS_CATEGORIAS, textoTiendasEncontradas } from '../lib/filtros';
import { StoreCardSkeleton } from './store-card-skeleton';
import { StoreFilters } from './store-filters';
import { StoreListingEmpty } from './store-listing-empty';

// The cards (with the carousel engine) are needed once the stores arrive: their code loads
// while the location and the stores are fetched, not with the first page.
const loadStoreGrid = () => import('./store-grid');
const StoreGrid = lazy(async () => ({ default: (await loadStoreGrid()).StoreGrid }));

/** Listing messages of the spec (part 1, section 8), under the title 'Error'. */
export const ERROR_TIENDAS = 'No se pudieron cargar las tiendas';
export const ERROR_CATEGORIAS = 'No se pudieron cargar las categorías';

/** Milliseconds of quiet typing before the search is sent. */
export const DEMORA_BUSQUEDA_MS = 300;

const SKELETONS = 6;

function SkeletonGrid() {
  return (
    <div role="status" aria-live="polite" className="@container">
      <span className="sr-only">Cargando tiendas…</span>
      <div className="grid grid-cols-1 gap-5 @2xl:grid-cols-2 @5xl:grid-cols-3">
        {Array.from({ length: SKELETONS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <StoreCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

/** The toast 'Error' of a failed listing call; 'Error de conexión' without an answer. */
function useListingErrorToast(
  consulta: { error: Error | null; errorUpdatedAt: number },
  mensaje: string,
) {
  const { error, errorUpdatedAt } = consulta;
  const sinConexion = error instanceof ApiError && error.status === 0;
  useErrorToast(error ? errorUpdatedAt : 0, 'Error', sinConexion ? ERROR_CONEXION : mensaje);
}

export interface StoreListingProps {
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
export function StoreListing({
  location,
  locating,
  onRetryLocation,
  onChangeLocation,
}: StoreListingProps) {
  const [busqueda, setBusqueda] = useState('');
  const [categoria, setCategoria] = useState(TODAS_LAS_CATEGORIAS);
  const [q] = useDebounce(busqueda.trim(), DEMORA_BUSQUEDA_MS);

  useEffect(() => {
    loadStoreGrid().catch(() => {
      // Suspense shows the failure when the grid renders.
    });
  }, []);

  const tiendas = useTiendasQueCubren(
    location ? { lat: location.lat, lng: location.lng, q } : null,
  );
  const categorias = useCategorias({ enabled: location !== null });
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

  // The same point gives the same query, so asking the GPS again would not repeat a failed
  // listing: the retry asks for the stores too.
  const reintentarUbicacion = () => {
    if (tiendas.isError) void tiendas.refetch();
    onRetryLocation();
  };

  const limpiarFiltros = () => {
    setBusqueda('');
    setCategoria(TODAS_LAS_CATEGORIAS);
  };

  return (
    <div className="flex flex-col gap-5">
      <StoreFilters
        busqueda={busqueda}
        onBusquedaChange={setBusqueda}
        categoria={categoria}
        onCategoriaChange={setCategoria}
        categorias={categorias.data ?? []}
        buscando={buscando}
      />

      {cargando ? (
        <SkeletonGrid />
      ) : visibles.length === 0 ? (
        <StoreListingEmpty
          filtrosActivos={filtrosActivos}
          conUbicacion={location !== null}
          onClearFilters={limpiarFiltros}
          onRetryLocation={reintentarUbicacion}
          onChangeLocation={onChangeLocation}
        />
      ) : (
        <section aria-label="Tiendas" className="@container">
          <p role="status" className="mb-3 font-medium text-muted-foreground text-sm">
            {textoTiendasEncontradas(visibles.length)}
          </p>
          <Suspense fallback={<SkeletonGrid />}>
            <StoreGrid tiendas={visibles} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
