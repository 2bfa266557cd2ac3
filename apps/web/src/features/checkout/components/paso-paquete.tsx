import type { Paquete } from '@compra-grupal/contracts';
import { PackageCheckIcon } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const CAMPOS: { clave: keyof Paquete; etiqueta: string; unidad: string; step: string }[] = [
  { clave: 'peso', etiqueta: 'Peso', unidad: 'kg', step: '0.1' },
  { clave: 'largo', etiqueta: 'Largo', unidad: 'cm', step: '1' },
  { clave: 'ancho', etiqueta: 'Ancho', unidad: 'cm', step: '1' },
  { clave: 'alto', etiqueta: 'Alto', unidad: 'cm', step: '1' },
];

/**
 * Step 4: the package, peso in kg (step 0.1) and largo, ancho, alto in cm. It is the cart's,
 * computed from the package each seller declared for one unit of their product, and shown
 * read-only: shipping is priced from those packages, never from sizes typed here.
 */
export function PasoPaquete({ paquete }: { paquete: Paquete }) {
  const id = useId();
  const notaId = `${id}-nota`;
  return (
    <div className="grid gap-4">
      <p
        id={notaId}
        className="flex items-start gap-2 rounded-xl border border-border/70 bg-secondary/60 px-3 py-2.5 text-secondary-foreground text-sm"
      >
        <PackageCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        El envío se calcula con el embalaje que declara cada vendedor.
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {CAMPOS.map(({ clave, etiqueta, unidad, step }) => (
          <div key={clave} className="grid gap-2">
            <Label htmlFor={`${id}-${clave}`}>
              {etiqueta} ({unidad})
            </Label>
            <div className="relative">
              <Input
                id={`${id}-${clave}`}
                type="number"
                inputMode="decimal"
                step={step}
                readOnly
                aria-describedby={notaId}
                value={paquete[clave]}
                className="h-11 cursor-default bg-muted/50 pr-10 tabular-nums focus-visible:ring-ring/20"
              />
              <span
                aria-hidden
                className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground text-sm"
              >
                {unidad}
              </span>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
