import type { Categoria } from '@compra-grupal/contracts';
import { ChevronDownIcon, LoaderCircleIcon, SearchIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Input } from '@/components/ui/input';
import { TODAS_LAS_CATEGORIAS } from '../lib/filtros';

// The select (Radix, with its positioning engine) is more code than the rest of the listing:
// it loads when the shopper reaches for the filter, and opens as soon as it arrives.
const loadCategoriaSelect = () => import('./categoria-select');
const CategoriaSelect = lazy(async () => ({
  default: (await loadCategoriaSelect()).CategoriaSelect,
}));

function preloadCategoriaSelect(): void {
  loadCategoriaSelect().catch(() => {
    // Suspense shows the failure when the select renders.
  });
}

export interface TiendaFiltersProps {
  busqueda: string;
  onBusquedaChange: (value: string) => void;
  categoria: string;
  onCategoriaChange: (value: string) => void;
  categorias: readonly Categoria[];
  /** A new search is on its way (the previous results stay meanwhile). */
  buscando: boolean;
}

/** The select's closed trigger, drawn without its code; a click (or the keys) opens the real one. */
function CategoriaSelectTrigger({
  label,
  onOpen,
  disabled = false,
}: {
  label: string;
  onOpen?: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-label="Categoría"
      disabled={disabled}
      className="flex h-11 w-full items-center justify-between gap-2 rounded-lg border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45 sm:w-60"
      onPointerEnter={preloadCategoriaSelect}
      onFocus={preloadCategoriaSelect}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          onOpen?.();
        }
      }}
    >
      <span className="truncate">{label}</span>
      <ChevronDownIcon className="size-4 opacity-60" aria-hidden />
    </button>
  );
}

/** Search box and category filter of the listing. */
export function TiendaFilters({
  busqueda,
  onBusquedaChange,
  categoria,
  onCategoriaChange,
  categorias,
  buscando,
}: TiendaFiltersProps) {
  // Once reached for, the real select replaces the drawn trigger for good.
  const [abierto, setAbierto] = useState(false);
  const etiqueta =
    categorias.find((item) => item._id === categoria)?.nombre ?? 'Todas las categorías';
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to happy-dom
    <form
      role="search"
      className="flex flex-col gap-2.5 sm:flex-row"
      // The search is sent as you type: Enter has nothing to submit.
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="relative flex-1">
        <SearchIcon
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Buscar tiendas o productos"
          placeholder="Buscar tiendas o productos..."
          className="h-11 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
          value={busqueda}
          onChange={(event) => onBusquedaChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && busqueda) onBusquedaChange('');
          }}
        />
        {buscando ? (
          <LoaderCircleIcon
            className="-translate-y-1/2 absolute top-1/2 right-3 size-4 animate-spin text-muted-foreground"
            aria-label="Buscando"
          />
        ) : (
          busqueda && (
            <button
              type="button"
              aria-label="Borrar búsqueda"
              className="-translate-y-1/2 absolute top-1/2 right-1.5 grid size-8 place-items-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/45"
              onClick={() => onBusquedaChange('')}
            >
              <XIcon className="size-4" aria-hidden />
            </button>
          )
        )}
      </div>
      {abierto ? (
        <Suspense fallback={<CategoriaSelectTrigger label={etiqueta} disabled />}>
          <CategoriaSelect
            defaultOpen
            value={categoria || TODAS_LAS_CATEGORIAS}
            onValueChange={onCategoriaChange}
            categorias={categorias}
          />
        </Suspense>
      ) : (
        <CategoriaSelectTrigger label={etiqueta} onOpen={() => setAbierto(true)} />
      )}
    </form>
  );
}
