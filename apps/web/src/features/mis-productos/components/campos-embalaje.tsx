import { PackageIcon } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { CAMPOS_PAQUETE, type ClavePaquete } from '../lib/paquete';
import { TEXTOS } from '../lib/textos';

type PropsDelCampo = Omit<ComponentProps<'input'>, 'type' | 'min' | 'max' | 'step' | 'id'>;

/**
 * 'Embalaje' (not in the spec; docs/decisions/051): the package one unit ships in, weight in kg
 * (step 0.1) and its three sides in cm, within the contract's bounds. Shipping is priced from
 * it. The wizard shows it boxed under the stock, with its taller fields; the edit dialog as one
 * more group of its form. `campo` gives each input its value and handlers (a register of
 * react-hook-form, or the wizard's value and setter).
 */
export function CamposEmbalaje({
  campo,
  errores = {},
  enAsistente = false,
}: {
  campo: (clave: ClavePaquete) => PropsDelCampo;
  errores?: Partial<Record<ClavePaquete, string | undefined>>;
  enAsistente?: boolean;
}) {
  const ayudaId = useId();
  const grupo = (
    <fieldset aria-describedby={ayudaId} className="m-0 grid min-w-0 gap-3 border-0 p-0">
      <legend className="mb-1 flex items-center gap-2 font-medium text-sm">
        {enAsistente && <PackageIcon className="size-4 text-primary" aria-hidden />}
        {TEXTOS.embalaje}
      </legend>
      <p id={ayudaId} className="text-pretty text-muted-foreground text-xs">
        {TEXTOS.embalajeAyuda}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {CAMPOS_PAQUETE.map(({ clave, etiqueta, min, max, step }) => (
          <FormField key={clave} label={etiqueta} error={errores[clave]}>
            <Input
              type="number"
              inputMode="decimal"
              autoComplete="off"
              min={min}
              max={max}
              step={step}
              className={cn('tabular-nums', enAsistente && 'h-11')}
              {...campo(clave)}
            />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
  if (!enAsistente) return grupo;
  return <div className="rounded-xl border border-border/70 bg-card/60 p-4">{grupo}</div>;
}
