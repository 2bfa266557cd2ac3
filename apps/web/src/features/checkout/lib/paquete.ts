import { LIMITES_PAQUETE, type Paquete, paqueteDeLineas } from '@compra-grupal/contracts';
import type { LineaCheckout } from '../components/tipos';

/**
 * Step 4's package: the one box the cart's units travel in, from the package each seller
 * declared for one unit of their product (weights add up, the volume is kept).
 */
export function paqueteDelCarrito(lineas: readonly LineaCheckout[]): Paquete {
  return paqueteDeLineas(
    lineas.map(({ paquete, cantidadSolicitada }) => ({ paquete, cantidad: cantidadSolicitada })),
  );
}

/** Every field of the package holds a size (spec part 1, section 4: 4 to 5 needs them all). */
export function paqueteCompleto(paquete: Paquete): boolean {
  return Object.values(paquete).every((valor) => Number.isFinite(valor) && valor > 0);
}

const acotar = (valor: number, min: number, max: number) => Math.min(max, Math.max(min, valor));

/**
 * The package as the requests carry it (`paquete` of cotizar-previo and crearPreferencia).
 * The server prices from the products' own packages and only checks this one against the
 * contract's bounds, which a large cart's combined box may pass (forty bottles stack higher
 * than 300 cm): it is sent within them.
 */
export function paqueteParaEnviar(paquete: Paquete): Paquete {
  const { pesoMinimo, pesoMaximo, medidaMinima, medidaMaxima } = LIMITES_PAQUETE;
  return {
    peso: acotar(paquete.peso, pesoMinimo, pesoMaximo),
    largo: acotar(paquete.largo, medidaMinima, medidaMaxima),
    ancho: acotar(paquete.ancho, medidaMinima, medidaMaxima),
    alto: acotar(paquete.alto, medidaMinima, medidaMaxima),
  };
}
