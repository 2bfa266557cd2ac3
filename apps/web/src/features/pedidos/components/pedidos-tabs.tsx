import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '@/lib/utils';
import { PESTANIAS, type Pestania } from '../lib/clasificar-pedido';

/**
 * The tabs of Mis Pedidos (WAI-ARIA tabs, automatic activation): Left/Right move between them
 * and show the tab, Home/End go to the first and last; Tab goes into the panel.
 */
export function PedidosTabs({
  activa,
  onCambiar,
  cantidades,
  children,
}: {
  activa: Pestania;
  onCambiar: (pestania: Pestania) => void;
  cantidades: Record<Pestania, number>;
  children: ReactNode;
}) {
  const base = useId();
  const botones = useRef(new Map<Pestania, HTMLButtonElement>());
  const tabId = (id: Pestania) => `${base}-tab-${id}`;
  const panelId = (id: Pestania) => `${base}-panel-${id}`;

  const alTeclear = (event: KeyboardEvent<HTMLDivElement>) => {
    const indice = PESTANIAS.findIndex((pestania) => pestania.id === activa);
    const ultimo = PESTANIAS.length - 1;
    const destino =
      event.key === 'ArrowRight'
        ? indice === ultimo
          ? 0
          : indice + 1
        : event.key === 'ArrowLeft'
          ? indice === 0
            ? ultimo
            : indice - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? ultimo
              : null;
    const siguiente = destino === null ? undefined : PESTANIAS[destino];
    if (!siguiente) return;
    event.preventDefault();
    onCambiar(siguiente.id);
    botones.current.get(siguiente.id)?.focus();
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <div
        role="tablist"
        aria-label="Estado de los pedidos"
        onKeyDown={alTeclear}
        className="grid grid-cols-[repeat(3,minmax(0,1fr))] gap-1 rounded-xl bg-muted p-1 sm:inline-grid sm:w-fit sm:grid-cols-3"
      >
        {PESTANIAS.map(({ id, etiqueta }) => {
          const seleccionada = id === activa;
          return (
            <button
              key={id}
              ref={(boton) => {
                if (boton) botones.current.set(id, boton);
                else botones.current.delete(id);
              }}
              type="button"
              role="tab"
              id={tabId(id)}
              aria-selected={seleccionada}
              aria-controls={panelId(id)}
              tabIndex={seleccionada ? 0 : -1}
              onClick={() => onCambiar(id)}
              className={cn(
                'flex min-h-10 min-w-0 items-center justify-center gap-1 rounded-lg px-1 font-medium text-muted-foreground text-xs sm:gap-1.5 sm:px-4 sm:text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:px-4',
                seleccionada && 'bg-background text-foreground shadow-sm',
              )}
            >
              {etiqueta}
              <span
                className={cn(
                  'min-w-4 shrink-0 rounded-full bg-background/70 px-1 text-xs tabular-nums sm:min-w-5 sm:px-1.5',
                  seleccionada && 'bg-primary text-primary-foreground',
                )}
              >
                {cantidades[id]}
              </span>
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(activa)}
        aria-labelledby={tabId(activa)}
        className="min-w-0 rounded-2xl"
      >
        {children}
      </div>
    </div>
  );
}
