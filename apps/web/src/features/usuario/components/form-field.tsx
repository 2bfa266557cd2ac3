import { Loader2Icon } from 'lucide-react';
import { type ComponentProps, cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A labelled control with its inline error; wires id, aria-invalid and aria-describedby. */
export function FormField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && !error && (
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

/** The 'Email' field of the login and register forms; takes the form's `register('email')`. */
export function EmailField({
  error,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { error?: string | undefined }) {
  return (
    <FormField label="Email" error={error}>
      <Input
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="tu@email.com"
        {...props}
      />
    </FormField>
  );
}

/** A form's full-width submit button; while busy it is disabled and shows a spinner. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
      {busy && <Loader2Icon className="animate-spin" aria-hidden />}
      {busy ? busyLabel : label}
    </Button>
  );
}
