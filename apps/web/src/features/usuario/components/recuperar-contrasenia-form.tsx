import { RECUPERAR_CONTRASENIA_MENSAJE } from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { useRecuperarContrasenia } from '../api/cuenta';
import {
  type RecuperarFormValues,
  recuperarFormSchema,
  validationToast,
} from './auth-form-schemas';
import { EmailField, SubmitButton } from './form-field';

/**
 * '¿Olvidaste tu contraseña?': asks for the email and, once sent, always says the same thing
 * (the server does not tell whether the email has an account). A refusal (429, no connection)
 * shows the server's message.
 */
export function RecuperarContraseniaForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const recuperar = useRecuperarContrasenia();
  const form = useForm<RecuperarFormValues>({
    resolver: zodResolver(recuperarFormSchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || recuperar.isPending;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await recuperar.mutateAsync({ email: values.email });
      } catch {
        // The mutation's meta shows the toast (lib/query-client.ts).
      }
    },
    (fieldErrors) => toast(validationToast(fieldErrors)),
  );

  if (recuperar.isSuccess) {
    return (
      <p
        role="status"
        className="flex items-start gap-2.5 rounded-lg border border-primary/30 bg-primary/8 p-3 text-sm"
      >
        <MailCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <span>{RECUPERAR_CONTRASENIA_MENSAJE}</span>
      </p>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <SubmitButton busy={busy} label="Enviarme el enlace" busyLabel="Enviando…" />
    </form>
  );
}
