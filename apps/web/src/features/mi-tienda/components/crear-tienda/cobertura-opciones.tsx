import type { Cobertura } from '@compra-grupal/contracts';
import { CheckIcon, RefreshCwIcon, TruckIcon } from 'lucide-react';
import { type Ref, useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

const formatoKm = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

export interface CoberturaOpcionesProps {
  etiqueta: string;
  coberturas: readonly Cobertura[] | undefined;
  cargando: boolean;
  error: boolean;
  onReintentar: () => void;
  value: string | null;
  onChange: (coberturaId: string) => void;
  /** Receives the radio to focus: the chosen one, else the first. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The delivery coverage step (spec part 2, section 2): one choice among the coverages, each
 * showing its name, description and km. Native radios, so the arrows move the choice.
 */
export function CoberturaOpciones({
  etiqueta,
  coberturas,
  cargando,
  error,
  onReintentar,
  value,
  onChange,
  inputRef,
}: CoberturaOpcionesProps) {
  const nombre = useId();

  if (cargando) {
    return (
      <div role="status" aria-label="Cargando coberturas" className="grid gap-2.5">
        {[0, 1, 2, 3].map((fila) => (
          <Skeleton key={fila} className="h-[4.5rem] rounded-xl" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 border-dashed bg-destructive-soft p-4 text-sm">
        <p>No se pudieron cargar las coberturas.</p>
        <Button type="button" variant="outline" size="sm" onClick={onReintentar}>
          <RefreshCwIcon aria-hidden />
          Reintentar
        </Button>
      </div>
    );
  }

  const lista = coberturas ?? [];
  if (lista.length === 0) {
    return (
      <p className="rounded-xl border border-border border-dashed bg-muted/40 px-4 py-6 text-center text-muted-foreground text-sm">
        No hay coberturas disponibles por ahora.
      </p>
    );
  }
  const enfocable = lista.some((cobertura) => cobertura._id === value) ? value : lista[0]?._id;

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 font-medium text-sm">{etiqueta}</legend>
      <div className="grid gap-2.5">
        {lista.map((cobertura) => {
          const elegida = cobertura._id === value;
          return (
            <label
              key={cobertura._id}
              className={cn(
                'group relative flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-4 shadow-xs transition-[border-color,background-color,box-shadow] duration-150 motion-reduce:transition-none',
                'hover:border-primary/40 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/45',
                elegida ? 'border-primary bg-secondary/60' : 'border-border/70',
              )}
            >
              <input
                ref={cobertura._id === enfocable ? inputRef : undefined}
                type="radio"
                name={nombre}
                value={cobertura._id}
                checked={elegida}
                onChange={() => onChange(cobertura._id)}
                className="sr-only"
              />
              <span
                aria-hidden
                className={cn(
                  'mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg',
                  elegida ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                )}
              >
                <TruckIcon className="size-4" />
              </span>
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold text-sm">{cobertura.nombre}</span>
                  <Badge variant={elegida ? 'default' : 'secondary'} className="tabular-nums">
                    {formatoKm.format(cobertura.km)} km
                  </Badge>
                </span>
                <span className="text-muted-foreground text-sm">{cobertura.descripcion}</span>
              </span>
              <span
                aria-hidden
                className={cn(
                  'mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border-2 transition-colors',
                  elegida ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
                )}
              >
                {elegida && <CheckIcon className="size-3" strokeWidth={3} />}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
