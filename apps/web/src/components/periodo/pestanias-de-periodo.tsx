import { TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ETIQUETA_DE_PERIODO, type OpcionDePeriodo } from '@/lib/periodo';

/**
 * The periods as the tabs of a panel (WAI-ARIA tabs) rather than `SelectorDePeriodo`'s radios,
 * for a screen that shows the period's figures in a `TabsContent`: placed inside the screen's
 * `Tabs`, which holds the choice. Its own module: the radios' screens load no tabs.
 */
export function PestaniasDePeriodo({
  opciones,
  'aria-label': ariaLabel,
}: {
  opciones: readonly OpcionDePeriodo[];
  'aria-label': string;
}) {
  return (
    <TabsList aria-label={ariaLabel} variant="outline" className="w-full sm:w-auto">
      {opciones.map((valor) => (
        <TabsTrigger key={valor} value={valor} size="compact" className="flex-1 sm:flex-none">
          {ETIQUETA_DE_PERIODO[valor]}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
