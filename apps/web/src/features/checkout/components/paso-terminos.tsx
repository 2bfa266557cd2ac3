import { useId } from 'react';

/** Step 1: how a group purchase works, and the terms to accept. */
export function PasoTerminos({
  aceptados,
  onCambio,
}: {
  aceptados: boolean;
  onCambio: (aceptados: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-4">
      <div className="grid gap-2 rounded-xl bg-muted/60 p-4 text-sm leading-relaxed">
        <p>
          Al sumarte a una compra grupal pagas por adelantado tu lugar en el grupo. El pedido se
          envía cuando el grupo completa los lugares necesarios.
        </p>
        <p>Si el grupo se cancela, el dinero se devuelve inmediatamente.</p>
        <p>Pagas a cada tienda por separado, con el envío que elijas para cada una.</p>
      </div>
      <label
        htmlFor={id}
        className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/45"
      >
        <input
          id={id}
          type="checkbox"
          checked={aceptados}
          onChange={(event) => onCambio(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
        />
        <span className="text-sm">Acepto los términos y condiciones de la compra grupal</span>
      </label>
    </div>
  );
}
