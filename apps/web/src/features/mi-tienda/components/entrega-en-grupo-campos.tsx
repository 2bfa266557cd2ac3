import { UsersIcon } from 'lucide-react';
import { type ChangeEvent, type ComponentProps, useId } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { filtrarDecimal } from '@/lib/numeros';
import { cn } from '@/lib/utils';
import type { PrecioDeEntrega } from '../lib/entrega-en-grupo';

/** The texts of 'Entrega en grupo' in the store's forms (not in the spec; issue 36). */
export const ENTREGA_EN_GRUPO_TEXTOS = {
  titulo: 'Entrega en grupo',
  ofrecer: 'Ofrecer Entrega en grupo',
  explicacion: 'Una sola ruta por grupo completo: el envío baja para cada vecino que se suma.',
} as const;

const PRECIOS: readonly { clave: PrecioDeEntrega; etiqueta: string; ayuda: string }[] = [
  { clave: 'base', etiqueta: 'Precio base por ruta', ayuda: 'Lo que cuesta salir con la ruta.' },
  { clave: 'porKm', etiqueta: 'Precio por km', ayuda: 'Se suma por cada km recorrido.' },
  { clave: 'minimo', etiqueta: 'Mínimo por miembro', ayuda: 'Nadie del grupo paga menos.' },
];

type PropsDelCampo = Omit<ComponentProps<'input'>, 'type' | 'id'>;

/**
 * 'Entrega en grupo' (issue 36; docs/decisions/057), in the create-store wizard's coverage step
 * and in 'Editar Tienda': a switch 'Ofrecer Entrega en grupo' and, when on, the route's price in
 * pesos (base and per km) and the least a member pays, typed the es-AR way ('3.000', '450,50').
 * `campo` gives each price input its handlers (a register of react-hook-form: the wizard's form or
 * the editor's); `errores` are the contract's messages, shown under each price.
 */
export function EntregaEnGrupoCampos({
  activa,
  onActivar,
  campo,
  errores = {},
  enAsistente = false,
  className,
}: {
  activa: boolean;
  onActivar: (activa: boolean) => void;
  campo: (clave: PrecioDeEntrega) => PropsDelCampo;
  errores?: Partial<Record<PrecioDeEntrega, string | undefined>>;
  enAsistente?: boolean;
  className?: string;
}) {
  const id = useId();
  const tituloId = `${id}-titulo`;
  const explicacionId = `${id}-explicacion`;
  const switchId = `${id}-switch`;

  return (
    <fieldset
      aria-labelledby={tituloId}
      data-slot="entrega-en-grupo"
      className={cn(
        'm-0 grid min-w-0 gap-4 rounded-xl border bg-card p-4 shadow-xs transition-colors motion-reduce:transition-none sm:p-5',
        activa ? 'border-primary/40' : 'border-border/70',
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className={cn(
            'grid size-9 shrink-0 place-items-center rounded-lg transition-colors motion-reduce:transition-none',
            activa
              ? 'bg-primary text-primary-foreground'
              : 'bg-secondary text-secondary-foreground',
          )}
        >
          <UsersIcon className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p id={tituloId} className="font-semibold text-sm leading-snug">
            {ENTREGA_EN_GRUPO_TEXTOS.titulo}
          </p>
          <p id={explicacionId} className="text-pretty text-muted-foreground text-sm">
            {ENTREGA_EN_GRUPO_TEXTOS.explicacion}
          </p>
        </div>
      </div>

      <div className="flex items-center justify-between gap-3 rounded-lg bg-muted/50 px-3 py-2.5">
        <Label htmlFor={switchId} className="cursor-pointer leading-snug">
          {ENTREGA_EN_GRUPO_TEXTOS.ofrecer}
        </Label>
        <Switch
          id={switchId}
          checked={activa}
          onCheckedChange={onActivar}
          aria-describedby={explicacionId}
        />
      </div>

      {activa && (
        <div className="grid animate-rise-in gap-4 sm:grid-cols-3 sm:gap-3">
          {PRECIOS.map(({ clave, etiqueta, ayuda }) => {
            const props = campo(clave);
            return (
              <FormField key={clave} label={etiqueta} hint={ayuda} error={errores[clave]}>
                <PesosInput {...props} className={cn(enAsistente && 'h-11')} />
              </FormField>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** A price in pesos: '$' before it, and only what a price may hold (digits, dots, one comma). */
function PesosInput({ className, onChange, ...props }: ComponentProps<'input'>) {
  return (
    <div className="relative">
      <span
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 font-medium text-muted-foreground text-sm"
      >
        $
      </span>
      <Input
        inputMode="decimal"
        autoComplete="off"
        maxLength={13}
        {...props}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const filtrado = filtrarDecimal(event.target.value);
          if (filtrado !== event.target.value) event.target.value = filtrado;
          onChange?.(event);
        }}
        className={cn('pl-7 tabular-nums', className)}
      />
    </div>
  );
}
