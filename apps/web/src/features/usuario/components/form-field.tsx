import { Loader2Icon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

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
