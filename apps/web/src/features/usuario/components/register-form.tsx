import { CONSTANTES, type RegistrarRequest } from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast';
import { DireccionCampos } from '@/entities/direccion/components/direccion-campos';
import { DIRECCION_CAMPOS_VACIOS } from '@/entities/direccion/model/direccion-campos';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useRegistrar } from '../api/registrar';
import {
  type RegistroConDireccionFormValues,
  registroConDireccionFormSchema,
  registroFormSchema,
  validationToast,
} from './auth-form-schemas';
import { EmailField, SubmitButton } from './form-field';

type Values = RegistroConDireccionFormValues;

const defaultValues: Values = {
  nombre: '',
  email: '',
  telefono: '',
  contrasenia: '',
  confirmarContrasenia: '',
  ...DIRECCION_CAMPOS_VACIOS,
  country: CONSTANTES.paisPorDefecto,
};

/** The request of the register call; the confirmation is never sent. */
function toRequest(values: Values, conDireccion: boolean): RegistrarRequest {
  const request: RegistrarRequest = {
    nombre: values.nombre,
    email: values.email,
    contrasenia: values.contrasenia,
    telefono: values.telefono,
  };
  if (!conDireccion) return request;
  return {
    ...request,
    direcciones: [
      {
        street: values.calle,
        number: values.altura,
        ...(values.departamento.trim() ? { apartment: values.departamento } : {}),
        city: values.ciudad,
        state: values.provincia,
        zipCode: values.codigoPostal,
        country: values.country,
      },
    ],
    direccionActivaIndex: 0,
  };
}

/** The register call's address fields, by the name the form gives them. */
const CAMPO_DEL_REGISTRO: Record<string, string> = {
  street: 'calle',
  number: 'altura',
  apartment: 'departamento',
  city: 'ciudad',
  state: 'provincia',
  zipCode: 'codigoPostal',
};

/** Shows the server's field errors beside the fields ('direcciones.0.street' → calle). */
function showServerFieldErrors(form: UseFormReturn<Values>, error: ApiError): void {
  const fields = new Set(Object.keys(defaultValues));
  for (const { campo, mensaje } of error.detalles) {
    const nombre = campo.replace(/^direcciones\.\d+\./, '');
    const field = CAMPO_DEL_REGISTRO[nombre] ?? nombre;
    if (fields.has(field)) form.setError(field as Path<Values>, { message: mensaje });
  }
}

/**
 * Registration (spec part 1, sections 2 and 5). The screen asks for name, email, phone and
 * password twice; the dialog (`conDireccion`) adds the address. On success: '¡Cuenta creada!'
 * and `onSuccess(email)` (the caller returns to the login form).
 */
export function RegisterForm({
  conDireccion = false,
  onSuccess,
}: {
  conDireccion?: boolean;
  onSuccess: (email: string) => void;
}) {
  const registrarMutation = useRegistrar({ conDireccion });
  const form = useForm<Values>({
    resolver: zodResolver(
      conDireccion
        ? registroConDireccionFormSchema
        : // The screen's schema leaves the address fields out; toRequest does not read them.
          (registroFormSchema as unknown as typeof registroConDireccionFormSchema),
    ),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || registrarMutation.isPending;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await registrarMutation.mutateAsync(toRequest(values, conDireccion));
        toast({
          title: '¡Cuenta creada!',
          description: 'Ya puedes iniciar sesión con tu email y contraseña',
        });
        onSuccess(values.email);
      } catch (error) {
        // The toast comes from the mutation's meta (lib/query-client.ts); the fields the
        // server refused are marked here.
        if (error instanceof ApiError) showServerFieldErrors(form, error);
      }
    },
    (fieldErrors) => toast(validationToast(fieldErrors)),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      <FormField label="Nombre completo" error={errors.nombre?.message}>
        <Input autoComplete="name" placeholder="Ana Pérez" {...form.register('nombre')} />
      </FormField>
      {/* The dialog is wider than the screen's form column: email and phone share a row. */}
      <div className={cn('grid gap-4', conDireccion && 'sm:grid-cols-2')}>
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <FormField label="Teléfono" error={errors.telefono?.message}>
          <Input
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+54 11 5555-1234"
            {...form.register('telefono')}
          />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Contraseña" error={errors.contrasenia?.message}>
          <PasswordInput
            autoComplete="new-password"
            placeholder={`Mínimo ${CONSTANTES.contraseniaLongitudMinima} caracteres`}
            {...form.register('contrasenia')}
          />
        </FormField>
        <FormField label="Confirmar contraseña" error={errors.confirmarContrasenia?.message}>
          <PasswordInput
            autoComplete="new-password"
            placeholder="Repite la contraseña"
            {...form.register('confirmarContrasenia')}
          />
        </FormField>
      </div>

      {conDireccion && (
        <fieldset className="grid gap-4 rounded-xl border border-border/80 bg-muted/30 p-4">
          <legend className="-ml-1 px-1 font-semibold text-sm">Dirección de entrega</legend>
          <FormProvider {...form}>
            <DireccionCampos />
          </FormProvider>
          <FormField label="País" error={errors.country?.message}>
            <Input autoComplete="country-name" {...form.register('country')} />
          </FormField>
          <p className="text-muted-foreground text-xs">
            La ubicación exacta en el mapa la marcas al finalizar tu primera compra.
          </p>
        </fieldset>
      )}

      <SubmitButton busy={busy} label="Crear cuenta" busyLabel="Creando cuenta…" />
    </form>
  );
}
