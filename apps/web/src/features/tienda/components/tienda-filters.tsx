import type { Categoria } from '@compra-grupal/contracts';
import { LoaderCircleIcon, SearchIcon, XIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { CategoriaFiltro } from './categoria-filtro';

export interface TiendaFiltersProps {
  busqueda: string;
  onBusquedaChange: (value: string) => void;
  categoria: string;
  onCategoriaChange: (value: string) => void;
  categorias: readonly Categoria[];
  /** A new search is on its way (the previous results stay meanwhile). */
  buscando: boolean;
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
      <CategoriaFiltro
        value={categoria}
        onValueChange={onCategoriaChange}
        categorias={categorias}
      />
    </form>
  );
}
