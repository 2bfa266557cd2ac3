import { CheckCircle2Icon, PhoneIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useActualizarTelefono } from '../api/actualizar-telefono';
import { CHECKOUT_TEXTOS } from '../lib/textos';

export interface PasoTelefonoProps {
  usuarioId: string;
  /** The phone as typed (starts with the saved one). */
  telefono: string;
  /** The saved phone, once loaded. */
  guardado: string | undefined;
  cargando: boolean;
  confirmado: boolean;
  onTelefono: (telefono: string) => void;
  onConfirmado: (telefono: string) => void;
}

/** Step 3: confirm the contact phone, or update it first. */
export function PasoTelefono({
  usuarioId,
  telefono,
  guardado,
  cargando,
  confirmado,
  onTelefono,
  onConfirmado,
}: PasoTelefonoProps) {
  const actualizar = useActualizarTelefono(usuarioId);
  const id = useId();
  const valor = telefono.trim();
  const cambia = valor !== (guardado ?? '').trim();

  const confirmar = async () => {
    if (actualizar.isPending) return;
    if (!valor) {
      toast({
        title: CHECKOUT_TEXTOS.telefonoRequerido,
        description: CHECKOUT_TEXTOS.confirmaTelefono,
        variant: 'destructive',
      });
      return;
    }
    if (!cambia) {
      onConfirmado(valor);
      return;
    }
    try {
      await actualizar.mutateAsync({ usuarioId, telefono: valor });
      toast({ title: CHECKOUT_TEXTOS.telefonoActualizado, description: valor });
      onConfirmado(valor);
    } catch {
      // The mutation's handler said 'No se pudo actualizar el teléfono'.
    }
  };

  if (cargando) {
    return (
      <div role="status" aria-label="Cargando teléfono" className="grid gap-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-11" />
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={id}>Número de teléfono</Label>
        <div className="relative">
          <PhoneIcon
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={id}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={30}
            value={telefono}
            onChange={(event) => onTelefono(event.target.value)}
            className="h-11 pl-9"
          />
        </div>
        <p className="text-muted-foreground text-xs">
          El vendedor y el repartidor te llamarán a este número si lo necesitan.
        </p>
      </div>
      {confirmado ? (
        <p
          role="status"
          className="flex items-center gap-2 font-medium text-primary-strong text-sm"
        >
          <CheckCircle2Icon className="size-4" aria-hidden />
          Teléfono confirmado
        </p>
      ) : (
        <Button
          type="button"
          variant="secondary"
          className="justify-self-start"
          disabled={actualizar.isPending}
          onClick={() => void confirmar()}
        >
          {actualizar.isPending
            ? 'Guardando…'
            : cambia && guardado
              ? 'Actualizar y confirmar teléfono'
              : 'Confirmar teléfono'}
        </Button>
      )}
    </div>
  );
}
