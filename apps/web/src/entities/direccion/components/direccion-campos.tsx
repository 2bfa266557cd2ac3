import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { DireccionCampos as Valores } from '../model/direccion-campos';

/**
 * The typed part of every address form: street and number side by side (the number is short),
 * then floor/apartment and postal code, then locality and province. It registers its fields in
 * the surrounding react-hook-form (`FormProvider`), whose values hold `DireccionCampos` and whose
 * resolver checks them with `direccionCamposShape`. With `descripcion`, a free-text field
 * registered as `descripcion` follows (checkout and store wizard).
 */
export function DireccionCampos({
  autoFocus = false,
  etiquetaDepartamento = 'Piso/Depto',
  descripcion,
}: {
  autoFocus?: boolean;
  /** The store wizard's spec calls it 'Departamento'. */
  etiquetaDepartamento?: string;
  descripcion?: { label: string; placeholder: string };
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<Valores & { descripcion?: string }>();
  return (
    <div className="grid gap-4" data-slot="direccion-campos">
      <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-3">
        <FormField label="Calle" error={errors.calle?.message}>
          <Input
            autoFocus={autoFocus}
            autoComplete="address-line1"
            placeholder="Av. Corrientes"
            maxLength={150}
            {...register('calle')}
          />
        </FormField>
        <FormField label="Altura" error={errors.altura?.message}>
          <Input autoComplete="off" placeholder="1234" maxLength={12} {...register('altura')} />
        </FormField>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={etiquetaDepartamento} error={errors.departamento?.message}>
          <Input
            autoComplete="address-line2"
            placeholder="Opcional"
            maxLength={200}
            {...register('departamento')}
          />
        </FormField>
        <FormField label="Código postal" error={errors.codigoPostal?.message}>
          <Input
            autoComplete="postal-code"
            placeholder="C1043"
            maxLength={12}
            {...register('codigoPostal')}
          />
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Localidad" error={errors.ciudad?.message}>
          <Input
            autoComplete="address-level2"
            placeholder="Balvanera"
            maxLength={100}
            {...register('ciudad')}
          />
        </FormField>
        <FormField label="Provincia" error={errors.provincia?.message}>
          <Input
            autoComplete="address-level1"
            placeholder="CABA"
            maxLength={100}
            {...register('provincia')}
          />
        </FormField>
      </div>
      {descripcion && (
        <FormField label={descripcion.label} error={errors.descripcion?.message}>
          <Textarea
            maxLength={200}
            rows={2}
            placeholder={descripcion.placeholder}
            {...register('descripcion')}
          />
        </FormField>
      )}
    </div>
  );
}
