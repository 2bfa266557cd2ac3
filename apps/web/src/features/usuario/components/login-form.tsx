import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
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
  onOlvidoContrasenia,
}: {
  defaultEmail?: string;
  onSuccess: (accessToken: string) => void;
  /** Called when '¿Olvidaste tu contraseña?' is followed (the dialog closes then). */
  onOlvidoContrasenia?: (() => void) | undefined;
}) {
  const loginMutation = useLogin();
  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: defaultEmail, contrasenia: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || loginMutation.isPending;
  // What was typed goes on to '¿Olvidaste tu contraseña?'.
  const emailEscrito = useWatch({ control: form.control, name: 'email' });

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
      <Link
        to="/recuperar-contrasenia"
        state={{ email: emailEscrito }}
        onClick={onOlvidoContrasenia}
        className="justify-self-center rounded text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/45"
      >
        ¿Olvidaste tu contraseña?
      </Link>
    </form>
  );
}
