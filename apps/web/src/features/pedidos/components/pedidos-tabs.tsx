import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PESTANIAS, type Pestania } from '../lib/clasificar-pedido';

function esPestania(valor: string): valor is Pestania {
  return PESTANIAS.some((pestania) => pestania.id === valor);
}

/** The tabs of Mis Pedidos, each with how many orders it holds. */
export function PedidosTabs({
  activa,
  onCambiar,
  cantidades,
  children,
}: {
  activa: Pestania;
  onCambiar: (pestania: Pestania) => void;
  cantidades: Record<Pestania, number>;
  children: ReactNode;
}) {
  return (
    <Tabs
      value={activa}
      onValueChange={(valor) => {
        if (esPestania(valor)) onCambiar(valor);
      }}
      className="grid grid-cols-1 gap-4"
    >
      <TabsList
        aria-label="Estado de los pedidos"
        className="grid grid-cols-2 sm:inline-grid sm:w-fit sm:grid-cols-4"
      >
        {PESTANIAS.map(({ id, etiqueta }) => (
          <TabsTrigger key={id} value={id} size="compact">
            {etiqueta}
            <span className="min-w-4 shrink-0 rounded-full bg-background/70 px-1 text-xs tabular-nums group-data-[state=active]:bg-primary group-data-[state=active]:text-primary-foreground sm:min-w-5 sm:px-1.5">
              {cantidades[id]}
            </span>
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={activa} className="rounded-2xl">
        {children}
      </TabsContent>
    </Tabs>
  );
}
