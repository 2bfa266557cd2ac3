import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A labelled control with its hint and inline error; wires id, aria-invalid, aria-required and
 * aria-describedby. `required` marks the label with `*`; the hint gives way to the error.
 */
export function FormField({
  label,
  required = false,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = Boolean(hint) && !error;
  const describedBy = [error ? errorId : null, showHint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden className="text-destructive">
            *
          </span>
        )}
      </Label>
      {cloneElement(children, {
        id,
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {showHint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
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
