import { compararCodigoRequestSchema } from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, Loader2Icon } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** The contract's rule for the code: trimmed, 'Por favor ingresa un código' when empty. */
const codigoFormSchema = compararCodigoRequestSchema.pick({ codigo: true });

/**
 * The shopper's delivery code and 'Confirmar entrega' (spec part 2, sections 2 and 5): what is
 * typed shows upper-case, an empty code says 'Por favor ingresa un código' and keeps the focus
 * in the field. The courier's list card and the day's route use it.
 */
export function CodigoDeEntregaForm({
  verificando,
  onConfirmar,
  className,
}: {
  verificando: boolean;
  /** Called with the typed code (trimmed, never empty). */
  onConfirmar: (codigo: string) => void;
  className?: string;
}) {
  const id = useId();
  const form = useForm<z.infer<typeof codigoFormSchema>>({
    resolver: zodResolver(codigoFormSchema),
    defaultValues: { codigo: '' },
    // Typing clears the error; the code is checked again on the next try, not on every key.
    reValidateMode: 'onSubmit',
  });
  const error = form.formState.errors.codigo?.message;
  const errorId = `${id}-error`;

  const enviar = form.handleSubmit(({ codigo }) => onConfirmar(codigo));

  const registro = form.register('codigo', { onChange: () => form.clearErrors('codigo') });
  /** Codes are upper-case: what is typed is shown (and sent) that way, the caret where it was. */
  const escribir = (event: ChangeEvent<HTMLInputElement>) => {
    const campo = event.target;
    const mayusculas = campo.value.toUpperCase();
    if (mayusculas !== campo.value) {
      const { selectionStart, selectionEnd } = campo;
      campo.value = mayusculas;
      campo.setSelectionRange(selectionStart, selectionEnd);
    }
    return registro.onChange(event);
  };

  return (
    <form noValidate onSubmit={enviar} className={cn('print:hidden', className)}>
      <Label htmlFor={`${id}-codigo`}>Código de entrega</Label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-codigo`}
          {...registro}
          onChange={escribir}
          placeholder="Ej.: ABC234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={verificando}
          className="h-11 font-mono tracking-[0.2em] placeholder:tracking-normal sm:h-10"
        />
        <Button
          type="submit"
          className="h-11 shrink-0 sm:h-10"
          disabled={verificando}
          aria-busy={verificando || undefined}
        >
          {verificando ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <KeyRoundIcon aria-hidden />
          )}
          Confirmar entrega
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}
