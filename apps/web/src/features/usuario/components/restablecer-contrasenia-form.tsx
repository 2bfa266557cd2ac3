import { CONSTANTES } from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useRestablecerContrasenia } from '../api/cuenta';
import {
  type RestablecerFormValues,
  restablecerFormSchema,
  validationToast,
} from './auth-form-schemas';
import { SubmitButton } from './form-field';

/**
 * The new password of a recovery link, with the register form's rules and its confirmation.
 * `onSuccess` runs once the password changed; `onEnlaceInvalido` when the server refused the
 * link (unknown, used or expired: it does not say which); other failures show a toast.
 */
export function RestablecerContraseniaForm({
  token,
  onSuccess,
  onEnlaceInvalido,
}: {
  token: string;
  onSuccess: () => void;
  onEnlaceInvalido: (mensaje: string) => void;
}) {
  const restablecer = useRestablecerContrasenia();
  const form = useForm<RestablecerFormValues>({
    resolver: zodResolver(restablecerFormSchema),
    defaultValues: { contrasenia: '', confirmarContrasenia: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || restablecer.isPending;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await restablecer.mutateAsync({ token, contrasenia: values.contrasenia });
        onSuccess();
      } catch (error) {
        if (error instanceof ApiError && error.code === 'ENLACE_DE_CUENTA_INVALIDO') {
          onEnlaceInvalido(error.serverMessage ?? error.message);
          return;
        }
        toast({
          title: 'No se pudo cambiar la contraseña',
          description:
            error instanceof ApiError
              ? (error.serverMessage ?? error.message)
              : 'Ha ocurrido un error inesperado',
          variant: 'destructive',
        });
      }
    },
    (fieldErrors) => toast(validationToast(fieldErrors)),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      <FormField
        label="Contraseña nueva"
        error={errors.contrasenia?.message}
        hint={`Al menos ${CONSTANTES.contraseniaLongitudMinima} caracteres.`}
      >
        <PasswordInput
          autoComplete="new-password"
          placeholder="Tu contraseña nueva"
          {...form.register('contrasenia')}
        />
      </FormField>
      <FormField label="Confirmar contraseña" error={errors.confirmarContrasenia?.message}>
        <PasswordInput
          autoComplete="new-password"
          placeholder="Repetí la contraseña"
          {...form.register('confirmarContrasenia')}
        />
      </FormField>
      <SubmitButton busy={busy} label="Cambiar contraseña" busyLabel="Guardando…" />
    </form>
  );
}
