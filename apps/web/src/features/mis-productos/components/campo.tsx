import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A labelled field with its hint and inline error; `*` marks the required ones. */
export function Campo({
  label,
  requerido = false,
  ayuda,
  error,
  className,
  children,
}: {
  label: ReactNode;
  requerido?: boolean;
  ayuda?: string;
  error?: string | undefined;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const ayudaId = `${id}-ayuda`;
  const descritoPor = [error ? errorId : null, ayuda ? ayudaId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {requerido && (
          <span aria-hidden className="text-destructive">
            *
          </span>
        )}
      </Label>
      {cloneElement(children, {
        id,
        'aria-required': requerido || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': descritoPor || undefined,
      })}
      {ayuda && (
        <p id={ayudaId} className="text-muted-foreground text-xs">
          {ayuda}
        </p>
      )}
      {error && (
        <p id={errorId} className="font-medium text-destructive text-xs">
          {error}
        </p>
      )}
    </div>
  );
}
