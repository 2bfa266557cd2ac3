import type { DireccionDeEntrega } from '@compra-grupal/contracts';
import { MapPinIcon, PhoneIcon } from 'lucide-react';
import { lineaDeLaLocalidad, lineaDeLaPuerta } from '@/entities/direccion/lib/formato-direccion';
import { cn } from '@/lib/utils';
import { telefonoHref } from '../lib/formato';

/** Where and whom to deliver to: the address (with its details) and a phone to call. */
export function DatosDeEntrega({
  direccion,
  telefono,
  className,
}: {
  direccion: DireccionDeEntrega;
  telefono: string;
  className?: string;
}) {
  return (
    <dl className={cn('grid text-sm', className)}>
      <div className="flex gap-2">
        <dt>
          <MapPinIcon className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
          <span className="sr-only">Dirección de entrega</span>
        </dt>
        <dd className="min-w-0">
          <span className="block font-medium">{lineaDeLaPuerta(direccion)}</span>
          <span className="block text-muted-foreground text-xs">
            {lineaDeLaLocalidad(direccion)}
          </span>
        </dd>
      </div>
      <div className="flex gap-2">
        <dt>
          <PhoneIcon className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
          <span className="sr-only">Teléfono</span>
        </dt>
        <dd>
          <a
            href={telefonoHref(telefono)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {telefono}
          </a>
        </dd>
      </div>
    </dl>
  );
}
