import type { SugerenciaGeo } from '@compra-grupal/contracts';
import { LoaderCircleIcon, MapPinIcon, SearchIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { Input } from '@/components/ui/input';
import { BUSQUEDA_MINIMA, useBuscarDirecciones } from '@/entities/ubicacion/api/buscar-direcciones';
import { cn } from '@/lib/utils';

/** Milliseconds of quiet typing before suggestions are asked for. */
const DEMORA_BUSQUEDA_MS = 300;

export interface DireccionSearchProps {
  onSelect: (sugerencia: SugerenciaGeo) => void;
  className?: string;
}

/**
 * The picker's address box (spec part 1, section 2): suggestions from Argentina as you type,
 * in a listbox navigable with the arrow keys. Enter never submits anything: it is blocked, and
 * only picks the suggestion highlighted with the arrows.
 */
export function DireccionSearch({ onSelect, className }: DireccionSearchProps) {
  const id = useId();
  const listId = `${id}-sugerencias`;
  const [texto, setTexto] = useState('');
  const [abierta, setAbierta] = useState(false);
  const [activa, setActiva] = useState(-1);
  const [q] = useDebounce(texto.trim(), DEMORA_BUSQUEDA_MS);
  const buscar = useBuscarDirecciones(q);

  const sugerencias = buscar.data ?? [];
  const suficiente = texto.trim().length >= BUSQUEDA_MINIMA;
  // While the text waits for its request, 'no results' would be premature.
  const pendiente = texto.trim() !== q || buscar.isFetching;
  const mostrar = abierta && suficiente && (sugerencias.length > 0 || !pendiente);

  const elegir = (sugerencia: SugerenciaGeo) => {
    setTexto(sugerencia.etiqueta);
    setAbierta(false);
    setActiva(-1);
    onSelect(sugerencia);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Blocked (spec): Enter neither submits nor confirms; it only takes the highlighted option.
      event.preventDefault();
      const sugerencia = mostrar ? sugerencias[activa] : undefined;
      if (sugerencia) elegir(sugerencia);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!suficiente || sugerencias.length === 0) return;
      event.preventDefault();
      setAbierta(true);
      const paso = event.key === 'ArrowDown' ? 1 : -1;
      setActiva((actual) => {
        if (!mostrar) return paso === 1 ? 0 : sugerencias.length - 1;
        return (actual + paso + sugerencias.length) % sugerencias.length;
      });
      return;
    }
    if (event.key === 'Escape' && mostrar) {
      setAbierta(false);
      setActiva(-1);
    }
  };

  const activaId = mostrar && activa >= 0 ? `${listId}-${activa}` : undefined;

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Buscar dirección
      </label>
      <SearchIcon
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
        aria-hidden
      />
      <Input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={mostrar}
        aria-controls={listId}
        aria-activedescendant={activaId}
        autoComplete="off"
        spellCheck={false}
        placeholder="Buscar dirección…"
        className="pr-9 pl-9"
        value={texto}
        onChange={(event) => {
          setTexto(event.target.value);
          setAbierta(true);
          setActiva(-1);
        }}
        onFocus={() => setAbierta(true)}
        onBlur={() => setAbierta(false)}
        onKeyDown={onKeyDown}
      />
      {suficiente && pendiente && (
        <LoaderCircleIcon
          className="-translate-y-1/2 absolute top-1/2 right-3 size-4 animate-spin text-muted-foreground"
          aria-label="Buscando direcciones"
        />
      )}
      <div
        hidden={!mostrar}
        className="absolute inset-x-0 top-full z-20 mt-1.5 overflow-hidden rounded-xl border border-border/70 bg-popover shadow-lg"
      >
        <div id={listId} role="listbox" aria-label="Sugerencias de direcciones" className="p-1">
          {sugerencias.map((sugerencia, index) => (
            // The keyboard stays in the box (aria-activedescendant): options take the mouse only.
            // biome-ignore lint/a11y/useKeyWithClickEvents: arrows and Enter in the box choose options
            <div
              key={`${sugerencia.etiqueta}-${sugerencia.lat}-${sugerencia.lng}`}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === activa}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm',
                index === activa ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
              )}
              // Keeps the focus in the box, so the list does not close before the click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActiva(index)}
              onClick={() => elegir(sugerencia)}
            >
              <MapPinIcon className="size-4 shrink-0 text-primary" aria-hidden />
              <span className="truncate">{sugerencia.etiqueta}</span>
            </div>
          ))}
        </div>
        {sugerencias.length === 0 && (
          <p className="px-3.5 py-3 text-muted-foreground text-sm">
            {buscar.isError
              ? 'No se pudieron buscar direcciones. Inténtalo de nuevo.'
              : // The offline gazetteer knows places, not streets: say what to search for.
                'No encontramos ese lugar. Busca tu barrio o localidad, y marca el punto exacto en el mapa'}
          </p>
        )}
      </div>
    </div>
  );
}
