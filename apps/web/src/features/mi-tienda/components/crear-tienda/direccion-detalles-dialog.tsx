import { CheckIcon, MapIcon } from 'lucide-react';
import type { FormEvent } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { DireccionCampos } from '@/entities/direccion/components/direccion-campos';
import type { DireccionCampos as Campos } from '@/entities/direccion/model/direccion-campos';
import { TEXTOS } from './textos';

/** The address as typed in the dialog, with the store's optional description. */
export type DetallesDireccion = Campos & { descripcion: string };

export interface DireccionDetallesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The step's form: what the map brought fills only the fields still empty. */
  form: UseFormReturn<DetallesDireccion>;
  onVolverAlMapa: () => void;
  onConfirmar: () => void;
}

/**
 * The address-details dialog that follows the map (spec part 2, sections 2 and 4): street and
 * number, floor/apartment, locality, province and postal code (filled from the map where they
 * were empty, typed by hand), an optional extra description, with 'Volver al mapa' and
 * 'Confirmar'. A modal from 768 px, a bottom drawer below.
 */
export function DireccionDetallesDialog({
  open,
  onOpenChange,
  form,
  onVolverAlMapa,
  onConfirmar,
}: DireccionDetallesDialogProps) {
  const alConfirmar = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog lives inside the wizard's form in React's tree: its submit stays here.
    event.stopPropagation();
    onConfirmar();
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Detalles de la dirección"
      description="Revisa la calle y la altura, y agrega lo que ayude a encontrar tu tienda."
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={alConfirmar} className="grid gap-4">
          <DireccionCampos
            etiquetaDepartamento={TEXTOS.departamento}
            descripcion={{
              label: 'Descripción adicional (opcional)',
              placeholder: 'Ej.: Local con portón verde, timbre 2',
            }}
          />
          <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onVolverAlMapa}>
              <MapIcon aria-hidden />
              {TEXTOS.volverAlMapa}
            </Button>
            <Button type="submit">
              <CheckIcon aria-hidden />
              {TEXTOS.confirmar}
            </Button>
          </div>
        </form>
      </FormProvider>
    </ResponsiveDialog>
  );
}
