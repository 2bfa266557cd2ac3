import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { PaqueteTexto } from './tipos';

const CAMPOS: { clave: keyof PaqueteTexto; etiqueta: string; unidad: string; step: string }[] = [
  { clave: 'peso', etiqueta: 'Peso', unidad: 'kg', step: '0.1' },
  { clave: 'largo', etiqueta: 'Largo', unidad: 'cm', step: '1' },
  { clave: 'ancho', etiqueta: 'Ancho', unidad: 'cm', step: '1' },
  { clave: 'alto', etiqueta: 'Alto', unidad: 'cm', step: '1' },
];

/** Step 4: the package, peso in kg (step 0.1) and largo, ancho, alto in cm. */
export function PasoPaquete({
  paquete,
  onCambio,
}: {
  paquete: PaqueteTexto;
  onCambio: (paquete: PaqueteTexto) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        Con estas medidas cotizamos el envío de cada tienda.
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
                min={clave === 'peso' ? 0.1 : 1}
                step={step}
                required
                value={paquete[clave]}
                onChange={(event) => onCambio({ ...paquete, [clave]: event.target.value })}
                className="h-11 pr-10"
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
