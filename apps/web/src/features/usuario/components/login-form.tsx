import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast';
import { useLogin } from '../api/login';
import { type LoginFormValues, loginFormSchema, validationToast } from './auth-form-schemas';
import { EmailField, SubmitButton } from './form-field';

/**
 * Login with email and password. On success hands the access token to `onSuccess`; a failure
 * shows the server's message or 'Error al iniciar sesión'.
 */
export function LoginForm({
  defaultEmail = '',
  onSuccess,
}: {
  defaultEmail?: string;
  onSuccess: (accessToken: string) => void;
}) {
  const loginMutation = useLogin();
  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: defaultEmail, contrasenia: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || loginMutation.isPending;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const { accessToken } = await loginMutation.mutateAsync({
          email: values.email,
          contrasenia: values.contrasenia,
        });
        onSuccess(accessToken);
      } catch {
        // The mutation's meta shows 'Error al iniciar sesión' (lib/query-client.ts).
      }
    },
    (fieldErrors) => toast(validationToast(fieldErrors)),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <FormField label="Contraseña" error={errors.contrasenia?.message}>
        <PasswordInput
          autoComplete="current-password"
          placeholder="Tu contraseña"
          {...form.register('contrasenia')}
        />
      </FormField>
      <SubmitButton busy={busy} label="Iniciar Sesión" busyLabel="Ingresando…" />
    </form>
  );
}
