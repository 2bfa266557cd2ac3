/** Money is integer centavos inside the API; the wire carries pesos. */
export const centavosAPesos = (centavos: number) => centavos / 100;
export const pesosACentavos = (pesos: number) => Math.round(pesos * 100);
