import { HouseIcon, ShieldAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A product-team screen opened by someone who is not on the team. */
export function AccesoDenegado() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 animate-rise-in flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-destructive-soft text-destructive">
        <ShieldAlertIcon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 font-bold text-2xl tracking-tight sm:text-3xl">Acceso restringido</h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">
        Esta sección es solo para el equipo de Compra Grupal que revisa las tiendas. Si crees que
        deberías tener acceso, pídeselo a un administrador.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <HouseIcon aria-hidden />
          Volver al inicio
        </Link>
      </Button>
    </div>
  );
}
