import { type ComponentProps, useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

interface CampoBase {
  etiqueta: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** A line under the field. */
  ayuda?: string;
}

type CampoTextoProps = CampoBase &
  (
    | ({ multilinea?: false } & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'maxLength'>)
    | ({ multilinea: true } & Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'maxLength'>)
  );

/** The field of a text step (1 to 5): its label, the box, a hint and, when long, a counter. */
export function CampoTexto(props: CampoTextoProps) {
  const id = useId();
  const ayudaId = `${id}-ayuda`;
  const { etiqueta, value, onChange, maxLength, ayuda } = props;
  const contador = value.length >= maxLength * 0.8 || props.multilinea;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{etiqueta}</Label>
      {props.multilinea ? (
        <Textarea
          {...omitirPropias(props)}
          id={id}
          value={value}
          maxLength={maxLength}
          aria-describedby={ayuda ? ayudaId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="min-h-32"
        />
      ) : (
        <Input
          {...omitirPropias(props)}
          id={id}
          value={value}
          maxLength={maxLength}
          aria-describedby={ayuda ? ayudaId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="h-11"
        />
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

function omitirPropias<T extends CampoBase & { multilinea?: boolean }>(props: T) {
  const { etiqueta, value, onChange, maxLength, ayuda, multilinea, ...resto } = props;
  return resto;
}
