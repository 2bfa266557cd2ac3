import { HouseIcon, ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * 'Acceso restringido': a screen opened by someone whose role it is not for. `children` says
 * who it is for; `accion` (a button) leads to where this person's own things are, before
 * 'Volver al inicio'.
 */
export function AccesoRestringido({
  children,
  accion,
}: {
  children: ReactNode;
  accion?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 animate-rise-in flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-destructive-soft text-destructive">
        <ShieldAlertIcon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 font-bold text-2xl tracking-tight sm:text-3xl">Acceso restringido</h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">{children}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">
        {accion}
        <Button asChild size="lg" variant={accion ? 'outline' : 'default'}>
          <Link to="/">
            <HouseIcon aria-hidden />
            Volver al inicio
          </Link>
        </Button>
      </div>
    </div>
  );
}
