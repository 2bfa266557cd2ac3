import type { Categoria } from '@compra-grupal/contracts';
import { CheckIcon, RefreshCwIcon, SearchIcon, TagIcon } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { TEXTOS } from './textos';

/** Lower case without accents: 'almacen' finds 'Almacén'. */
function normalizar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es-AR')
    .trim();
}

export interface CategoriaComboboxProps {
  etiqueta: string;
  categorias: readonly Categoria[] | undefined;
  cargando: boolean;
  error: boolean;
  onReintentar: () => void;
  value: string | null;
  onChange: (categoriaId: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The category step's searchable single select (spec part 2, section 2): a search box that
 * filters the list below it. The keyboard stays in the box: the arrows move through the
 * categories, Enter picks the highlighted one (and, with none highlighted, goes on to the next
 * step). Empty result: 'No se encontró ninguna categoría.'
 */
export function CategoriaCombobox({
  etiqueta,
  categorias,
  cargando,
  error,
  onReintentar,
  value,
  onChange,
  inputRef,
}: CategoriaComboboxProps) {
  const id = useId();
  const listaId = `${id}-lista`;
  const ayudaId = `${id}-ayuda`;
  const [busqueda, setBusqueda] = useState('');
  const [activa, setActiva] = useState(-1);

  const filtradas = useMemo(() => {
    const q = normalizar(busqueda);
    const todas = categorias ?? [];
    return q ? todas.filter((categoria) => normalizar(categoria.nombre).includes(q)) : todas;
  }, [categorias, busqueda]);

  const elegida = categorias?.find((categoria) => categoria._id === value) ?? null;
  const activaId = activa >= 0 && activa < filtradas.length ? `${listaId}-${activa}` : undefined;

  const mostrarOpcion = (index: number) => {
    document.getElementById(`${listaId}-${index}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const total = filtradas.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (total === 0) return;
      event.preventDefault();
      const paso = event.key === 'ArrowDown' ? 1 : -1;
      const desde = activa < 0 || activa >= total ? (paso === 1 ? -1 : total) : activa;
      const siguiente = (desde + paso + total) % total;
      setActiva(siguiente);
      mostrarOpcion(siguiente);
      return;
    }
    if ((event.key === 'Home' || event.key === 'End') && total > 0 && activa >= 0) {
      event.preventDefault();
      const destino = event.key === 'Home' ? 0 : total - 1;
      setActiva(destino);
      mostrarOpcion(destino);
      return;
    }
    if (event.key === 'Enter') {
      const categoria = activaId ? filtradas[activa] : undefined;
      // Picks the highlighted category; without one, Enter goes on to the next step.
      if (categoria && categoria._id !== value) {
        event.preventDefault();
        onChange(categoria._id);
      }
    }
  };

  return (
    <div className="grid gap-3">
      <Label htmlFor={`${id}-input`}>{etiqueta}</Label>
      <div className="relative">
        <SearchIcon
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
          aria-hidden
        />
        <Input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded
          aria-controls={listaId}
          aria-activedescendant={activaId}
          aria-describedby={ayudaId}
          autoComplete="off"
          spellCheck={false}
          placeholder="Buscar categoría…"
          className="h-11 pl-9"
          value={busqueda}
          onChange={(event) => {
            setBusqueda(event.target.value);
            setActiva(-1);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id={ayudaId} className="text-muted-foreground text-xs" aria-live="polite">
        {elegida ? (
          <>
            Elegiste <span className="font-semibold text-foreground">{elegida.nombre}</span>.
          </>
        ) : (
          'Escribe para filtrar y elige una categoría de la lista.'
        )}
      </p>

      {cargando ? (
        <div role="status" aria-label="Cargando categorías" className="grid gap-2 sm:grid-cols-2">
          {[0, 1, 2, 3, 4, 5].map((fila) => (
            <Skeleton key={fila} className="h-11 rounded-lg" />
          ))}
        </div>
      ) : error ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 border-dashed bg-destructive-soft p-4 text-sm">
          <p>No se pudieron cargar las categorías.</p>
          <Button type="button" variant="outline" size="sm" onClick={onReintentar}>
            <RefreshCwIcon aria-hidden />
            Reintentar
          </Button>
        </div>
      ) : (
        <>
          <div
            id={listaId}
            role="listbox"
            aria-label="Categorías"
            hidden={filtradas.length === 0}
            className="grid gap-1.5 sm:grid-cols-2"
          >
            {filtradas.map((categoria, index) => {
              const seleccionada = categoria._id === value;
              return (
                // The keyboard stays in the search box (aria-activedescendant); options take clicks.
                // biome-ignore lint/a11y/useKeyWithClickEvents: arrows and Enter in the box choose options
                <div
                  key={categoria._id}
                  id={`${listaId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={seleccionada}
                  className={cn(
                    'flex min-h-11 cursor-pointer select-none items-center gap-2.5 rounded-lg border px-3 py-2 text-sm transition-colors duration-150 motion-reduce:transition-none',
                    seleccionada
                      ? 'border-primary bg-secondary font-medium text-secondary-foreground'
                      : 'border-border/70 bg-card hover:border-primary/40 hover:bg-accent',
                    index === activa && 'ring-[3px] ring-ring/40',
                  )}
                  // Keeps the focus in the search box.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActiva(index)}
                  onClick={() => onChange(categoria._id)}
                >
                  <TagIcon
                    className={cn(
                      'size-4 shrink-0',
                      seleccionada ? 'text-primary' : 'text-muted-foreground',
                    )}
                    aria-hidden
                  />
                  <span className="min-w-0 flex-1 truncate">{categoria.nombre}</span>
                  {seleccionada && (
                    <CheckIcon className="size-4 shrink-0 text-primary" aria-hidden />
                  )}
                </div>
              );
            })}
          </div>
          {filtradas.length === 0 && (
            <p
              role="status"
              className="rounded-xl border border-border border-dashed bg-muted/40 px-4 py-6 text-center text-muted-foreground text-sm"
            >
              {TEXTOS.categoriaVacia}
            </p>
          )}
        </>
      )}
    </div>
  );
}
