import { type ComponentProps, useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

interface CampoBase {
  etiqueta: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** A line under the field. */
  ayuda?: string;
  /** A sign before the value ('$'). */
  prefijo?: string;
}

type CampoPasoProps = CampoBase &
  (
    | ({ multilinea?: false } & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'maxLength'>)
    | ({ multilinea: true } & Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'maxLength'>)
  );

/** A wizard's text or number field: its label, the box, a hint and, when long, a counter. */
export function CampoPaso(props: CampoPasoProps) {
  const id = useId();
  const ayudaId = `${id}-ayuda`;
  const { etiqueta, value, onChange, maxLength, ayuda, prefijo, multilinea, ...resto } = props;
  const contador = value.length >= maxLength * 0.8 || multilinea;
  const comunes = {
    id,
    value,
    maxLength,
    'aria-describedby': ayuda ? ayudaId : undefined,
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{etiqueta}</Label>
      {multilinea ? (
        <Textarea
          rows={5}
          {...(resto as ComponentProps<'textarea'>)}
          {...comunes}
          onChange={(event) => onChange(event.target.value)}
          className="min-h-32"
        />
      ) : (
        <div className="relative">
          {prefijo && (
            <span
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 font-medium text-muted-foreground"
            >
              {prefijo}
            </span>
          )}
          <Input
            {...(resto as ComponentProps<'input'>)}
            {...comunes}
            onChange={(event) => onChange(event.target.value)}
            className={cn('h-11', prefijo && 'pl-7')}
          />
        </div>
      )}
      {(ayuda || contador) && (
        <div className="flex items-start justify-between gap-3 text-muted-foreground text-xs">
          {ayuda ? <p id={ayudaId}>{ayuda}</p> : <span />}
          {contador && (
            <span className="shrink-0 tabular-nums">
              {value.length}/{maxLength}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
