import { StoreIcon } from 'lucide-react';

/**
 * Shown instead of the buy button to the product's owner: the server refuses a seller's
 * purchase of their own store's product (PRODUCTO_PROPIO), so the page never offers it.
 */
export function ProductoPropioAviso() {
  return (
    <div
      data-slot="producto-propio"
      className="flex items-start gap-3 rounded-xl border border-primary/20 bg-secondary/60 px-4 py-3 text-sm"
    >
      <StoreIcon className="mt-0.5 size-5 shrink-0 text-primary-strong" aria-hidden />
      <div>
        <p className="font-semibold">Este producto es de tu tienda</p>
        <p className="mt-0.5 text-muted-foreground">No puedes comprarlo ni unirte a sus grupos.</p>
      </div>
    </div>
  );
}
