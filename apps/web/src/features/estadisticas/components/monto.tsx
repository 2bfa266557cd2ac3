import { formatPrecio } from '@/lib/format-currency';

/**
 * An amount as the app writes it ('$ 1.234,56'), the cents a size smaller so the pesos read
 * first on a card; the text is the same for a screen reader or a copy.
 */
export function Monto({ pesos }: { pesos: number }) {
  const texto = formatPrecio(pesos);
  const coma = texto.lastIndexOf(',');
  if (coma === -1) return <>{texto}</>;
  return (
    <>
      {texto.slice(0, coma)}
      <span className="text-[0.7em] text-muted-foreground">{texto.slice(coma)}</span>
    </>
  );
}
