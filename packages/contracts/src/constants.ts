/** Business constants and limits, spec file 1 section 9 and file 2 section 9. */
export const CONSTANTES = {
  contraseniaLongitudMinima: 6,
  paisPorDefecto: 'Argentina',
  margenExpiracionTokenSegundos: 30,
  /**
   * The realtime connection retries forever: the first wait, doubled after each failure up to
   * the cap, each one moved at random by up to this fraction (clients do not return at once).
   */
  reconexionDemoraMs: 1000,
  reconexionDemoraMaxMs: 10_000,
  reconexionAleatoriedad: 0.5,
  productosPorTarjetaTienda: 6,
  categoriasLocalesPorTarjeta: 3,
  carruselAvanceMs: 2500,
  demoraRedireccionPagoCanceladoMs: 1500,
  mapaZoom: 15,
  mapaAltoPx: 400,
  mapaCentroPorDefecto: { lat: -34.603722, lng: -58.381592 },
  paisAutocompletado: 'ar',
  imagenMaxAncho: 1920,
  imagenMaxAlto: 1080,
  imagenCalidadJpeg: 0.8,
  pasosAsistenteTienda: 9,
  /** The product team reviews a new store within this many minutes. */
  verificacionTiendaMinutos: 10,
  /** Mi Tienda checks the seller status again this long after the creation wizard closes. */
  demoraRevisionVendedorMs: 500,
  /** /mercadopago-callback waits this long before storing the token and showing the result... */
  demoraResultadoVinculacionMs: 1000,
  /** ...and goes to /my-store this long after showing it. */
  demoraRedireccionVinculacionMs: 2000,
  pasosAsistenteProducto: 7,
  miniaturasDetallePago: 4,
  caracteresIdVisibles: 6,
} as const;
