import { ClockIcon, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/**
 * A section of the panel that is not ready yet (Mis Productos, Grupos, Pedidos para entregar):
 * an honest empty state and the way back.
 */
export function SeccionProximamente({
  icon: Icon,
  children,
  onVolver,
}: {
  icon: LucideIcon;
  children: string;
  onVolver: () => void;
}) {
  return (
    <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <Icon className="size-7" aria-hidden />
      </span>
      <Badge variant="highlight" className="mt-5">
        <ClockIcon aria-hidden />
        Próximamente
      </Badge>
      <h2 className="mt-3 font-semibold text-xl tracking-tight">Estamos preparando esta sección</h2>
      <p className="mt-2 max-w-sm text-pretty text-muted-foreground">{children}</p>
      <Button type="button" variant="outline" className="mt-6" onClick={onVolver}>
        Volver a Mi Tienda
      </Button>
    </div>
  );
}
