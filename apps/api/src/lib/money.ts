/** Money is integer centavos inside the API; the wire carries pesos. */
export const centavosAPesos = (centavos: number) => centavos / 100;
export const pesosACentavos = (pesos: number) => Math.round(pesos * 100);

/** How the API writes pesos for people (mails, share previews, the admin CLI, the sandbox's page). */
const conCentavos = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
const breve = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});
/** Pesos as the screens show them, for example '$ 1.234,50'. */
export const formatearPesos = (pesos: number): string => conCentavos.format(pesos);

/** Integer centavos as the screens show pesos, for example '$ 1.234,50'. */
export const formatearCentavos = (centavos: number): string =>
  formatearPesos(centavosAPesos(centavos));

/** Integer centavos without ',00' when there are none, for short texts: '$ 4.890', '$ 4.890,5'. */
export const formatearCentavosBreve = (centavos: number): string =>
  breve.format(centavosAPesos(centavos));
