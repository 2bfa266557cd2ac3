import { CheckIcon, MapIcon } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Textarea } from '@/components/ui/textarea';
import { TEXTOS } from './textos';

export interface DetallesDireccion {
  departamento: string;
  descripcion: string;
}

export interface DireccionDetallesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address chosen on the map, shown read-only. */
  direccion: string;
  detalles: DetallesDireccion;
  onDetallesChange: (detalles: DetallesDireccion) => void;
  onVolverAlMapa: () => void;
  onConfirmar: () => void;
}

function Opcional() {
  return <span className="font-normal text-muted-foreground">(opcional)</span>;
}

/**
 * The address-details dialog that follows the map (spec part 2, sections 2 and 4): the chosen
 * address read-only, an optional 'Departamento' and an optional extra description, with
 * 'Volver al mapa' and 'Confirmar'. A modal from 768 px, a bottom drawer below.
 */
export function DireccionDetallesDialog({
  open,
  onOpenChange,
  direccion,
  detalles,
  onDetallesChange,
  onVolverAlMapa,
  onConfirmar,
}: DireccionDetallesDialogProps) {
  const id = useId();

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
      description="Revisa la dirección y agrega lo que ayude a encontrar tu tienda."
    >
      <form noValidate onSubmit={alConfirmar} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-direccion`}>Dirección</Label>
          <Textarea
            id={`${id}-direccion`}
            value={direccion}
            readOnly
            rows={2}
            className="min-h-0 resize-none"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-departamento`}>
            {TEXTOS.departamento} <Opcional />
          </Label>
          <Input
            // A dialog opens on its first field to fill in (the address is read-only).
            autoFocus
            id={`${id}-departamento`}
            value={detalles.departamento}
            maxLength={200}
            autoComplete="address-line2"
            placeholder="Ej.: 4° B"
            onChange={(event) =>
              onDetallesChange({ ...detalles, departamento: event.target.value })
            }
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-descripcion`}>
            Descripción adicional <Opcional />
          </Label>
          <Textarea
            id={`${id}-descripcion`}
            value={detalles.descripcion}
            maxLength={200}
            rows={2}
            placeholder="Ej.: Local con portón verde, timbre 2"
            onChange={(event) => onDetallesChange({ ...detalles, descripcion: event.target.value })}
          />
        </div>
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
    </ResponsiveDialog>
  );
}
