import { Loader2Icon } from 'lucide-react';

/** While the seller status is checked (spec part 2, section 2). */
export function VerificandoVendedor() {
  return (
    <div className="grid flex-1 place-items-center px-4 py-16">
      <div role="status" className="flex flex-col items-center gap-4 text-center">
        <span className="grid size-12 place-items-center rounded-xl bg-primary/10 text-primary">
          <Loader2Icon className="size-6 animate-spin" aria-hidden />
        </span>
        <p className="font-medium text-muted-foreground">Verificando estado de vendedor...</p>
      </div>
    </div>
  );
}
