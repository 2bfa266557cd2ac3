import { z } from 'zod';

/**
 * Every stable machine code the API answers with (`ErrorBody.code`), shared by the server and
 * the client. A code the API throws must be listed here: `AppError` only takes an `ErrorCode`,
 * and `errorBodySchema` (an enum of these) is the response schema of every error status.
 */
export const ERROR_CODES = {
  // The error handler, the router and Node's HTTP parser.
  validacion: 'VALIDACION',
  rutaNoEncontrada: 'RUTA_NO_ENCONTRADA',
  metodoNoPermitido: 'METODO_NO_PERMITIDO',
  demasiadasSolicitudes: 'DEMASIADAS_SOLICITUDES',
  cuerpoDemasiadoGrande: 'CUERPO_DEMASIADO_GRANDE',
  tipoDeContenidoNoSoportado: 'TIPO_DE_CONTENIDO_NO_SOPORTADO',
  solicitudInvalida: 'SOLICITUD_INVALIDA',
  urlInvalida: 'URL_INVALIDA',
  urlDemasiadoLarga: 'URL_DEMASIADO_LARGA',
  encabezadosDemasiadoGrandes: 'ENCABEZADOS_DEMASIADO_GRANDES',
  tiempoAgotado: 'TIEMPO_AGOTADO',
  errorInterno: 'ERROR_INTERNO',
  baseDeDatosNoDisponible: 'BASE_DE_DATOS_NO_DISPONIBLE',
  servicioNoListo: 'SERVICIO_NO_LISTO',
  // Sessions and access.
  tokenAusente: 'TOKEN_AUSENTE',
  tokenInvalido: 'TOKEN_INVALIDO',
  tokenExpirado: 'TOKEN_EXPIRADO',
  sesionInvalida: 'SESION_INVALIDA',
  accesoDenegado: 'ACCESO_DENEGADO',
  // usuario
  emailEnUso: 'EMAIL_EN_USO',
  credencialesInvalidas: 'CREDENCIALES_INVALIDAS',
  usuarioNoEncontrado: 'USUARIO_NO_ENCONTRADO',
  googleNoVinculable: 'GOOGLE_NO_VINCULABLE',
  emailNoVerificado: 'EMAIL_NO_VERIFICADO',
  enlaceDeCuentaInvalido: 'ENLACE_DE_CUENTA_INVALIDO',
  emailYaVerificado: 'EMAIL_YA_VERIFICADO',
  // The local sign-in issuer (demo and tests).
  emisorDePruebaSoloLocal: 'EMISOR_DE_PRUEBA_SOLO_LOCAL',
  emisorDePruebaOcupado: 'EMISOR_DE_PRUEBA_OCUPADO',
  oidcSolicitudInvalida: 'OIDC_SOLICITUD_INVALIDA',
  oidcClienteInvalido: 'OIDC_CLIENTE_INVALIDO',
  oidcCodigoInvalido: 'OIDC_CODIGO_INVALIDO',
  // Uploads (every image the product accepts).
  imagenNoSoportada: 'IMAGEN_NO_SOPORTADA',
  imagenNoProcesable: 'IMAGEN_NO_PROCESABLE',
  // tienda, producto
  tiendaNoEncontrada: 'TIENDA_NO_ENCONTRADA',
  tiendaRequerida: 'TIENDA_REQUERIDA',
  tiendaExistente: 'TIENDA_EXISTENTE',
  categoriaNoEncontrada: 'CATEGORIA_NO_ENCONTRADA',
  categoriaLocalNoEncontrada: 'CATEGORIA_LOCAL_NO_ENCONTRADA',
  coberturaNoEncontrada: 'COBERTURA_NO_ENCONTRADA',
  imagenRequerida: 'IMAGEN_REQUERIDA',
  productoNoEncontrado: 'PRODUCTO_NO_ENCONTRADO',
  // producto, grupoDeCompra
  productoNoModificable: 'PRODUCTO_NO_MODIFICABLE',
  productoConLugaresPagados: 'PRODUCTO_CON_LUGARES_PAGADOS',
  tiendaNoHabilitada: 'TIENDA_NO_HABILITADA',
  mercadoPagoNoVinculado: 'MERCADOPAGO_NO_VINCULADO',
  grupoNoEncontrado: 'GRUPO_NO_ENCONTRADO',
  reembolsoNoEncontrado: 'REEMBOLSO_NO_ENCONTRADO',
  grupoYaCerrado: 'GRUPO_YA_CERRADO',
  // envio, pedido, pago
  direccionNoEncontrada: 'DIRECCION_NO_ENCONTRADA',
  direccionSinUbicacion: 'DIRECCION_SIN_UBICACION',
  envioNoDisponible: 'ENVIO_NO_DISPONIBLE',
  rutaNoDisponible: 'RUTA_NO_DISPONIBLE',
  stockInsuficiente: 'STOCK_INSUFICIENTE',
  productoNoDisponible: 'PRODUCTO_NO_DISPONIBLE',
  productoPropio: 'PRODUCTO_PROPIO',
  tiendasSinMp: 'TIENDAS_SIN_MP',
  pedidoNoEncontrado: 'PEDIDO_NO_ENCONTRADO',
  pagoNoEncontrado: 'PAGO_NO_ENCONTRADO',
  pagoYaAprobado: 'PAGO_YA_APROBADO',
  reservaVencida: 'RESERVA_VENCIDA',
  reservasMaximas: 'RESERVAS_MAXIMAS',
  reservaPorProducto: 'RESERVA_POR_PRODUCTO',
  pedidoNoCancelable: 'PEDIDO_NO_CANCELABLE',
  firmaInvalida: 'FIRMA_INVALIDA',
  // entrega, cancelación de grupos
  codigoIncorrecto: 'CODIGO_INCORRECTO',
  entregaNoLista: 'ENTREGA_NO_LISTA',
  pedidoYaEntregado: 'PEDIDO_YA_ENTREGADO',
  grupoNoCancelable: 'GRUPO_NO_CANCELABLE',
  // Mercado Pago account linking
  vinculacionInvalida: 'VINCULACION_INVALIDA',
  mercadoPagoNoDisponible: 'MERCADOPAGO_NO_DISPONIBLE',
  // geo
  ubicacionFueraDeArgentina: 'UBICACION_FUERA_DE_ARGENTINA',
  geoNoDisponible: 'GEO_NO_DISPONIBLE',
  // aviso (the notification center)
  avisoNoEncontrado: 'AVISO_NO_ENCONTRADO',
  avisoEsencial: 'AVISO_ESENCIAL',
  // push (notices on the person's devices)
  pushNoDisponible: 'PUSH_NO_DISPONIBLE',
  suscripcionPushInvalida: 'SUSCRIPCION_PUSH_INVALIDA',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const errorCodeSchema = z
  .enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]])
  .describe('Código estable del error');

/**
 * The Spanish messages of the codes that always say the same thing, used to the letter by the
 * API (the error it throws) and by the web app (the same text where it shows that error
 * itself). Codes whose message depends on the case (VALIDACION, DEMASIADAS_SOLICITUDES...)
 * carry it where they are thrown.
 */
export const ERROR_MESSAGES = {
  RUTA_NO_ENCONTRADA: 'Ruta no encontrada',
  METODO_NO_PERMITIDO: 'Esta ruta no acepta ese método',
  ERROR_INTERNO: 'Ocurrió un error inesperado. Intenta nuevamente.',
  SOLICITUD_INVALIDA: 'La solicitud no es válida',
  BASE_DE_DATOS_NO_DISPONIBLE: 'La base de datos no responde',
  TOKEN_AUSENTE: 'No se encontró un token de acceso',
  TOKEN_INVALIDO: 'Token inválido',
  TOKEN_EXPIRADO: 'Token expirado',
  SESION_INVALIDA: 'Sesión inválida o expirada. Inicia sesión nuevamente.',
  ACCESO_DENEGADO: 'No tienes permiso para acceder a este recurso',
  EMAIL_EN_USO: 'Ya existe una cuenta con ese email',
  CREDENCIALES_INVALIDAS: 'Email o contraseña incorrectos',
  USUARIO_NO_ENCONTRADO: 'Usuario no encontrado',
  GOOGLE_NO_VINCULABLE: 'Esa cuenta no puede ingresar con Google. Ingresa con tu contraseña.',
  EMAIL_NO_VERIFICADO: 'Google no confirmó tu email',
  /** One message for an unknown, used or expired link: it never says which. */
  ENLACE_DE_CUENTA_INVALIDO: 'El enlace no es válido o ya no se puede usar. Pedí uno nuevo.',
  EMAIL_YA_VERIFICADO: 'Tu correo ya está verificado.',
  IMAGEN_NO_SOPORTADA:
    'Formato de imagen no soportado. Por favor sube una imagen en formato JPG, PNG, GIF o WEBP.',
  IMAGEN_NO_PROCESABLE: 'No se pudo procesar la imagen',
  TIENDA_NO_ENCONTRADA: 'Tienda no encontrada',
  TIENDA_REQUERIDA: 'Primero crea tu tienda para vender',
  TIENDA_EXISTENTE: 'Ya tienes una tienda',
  CATEGORIA_NO_ENCONTRADA: 'La categoría elegida no existe',
  CATEGORIA_LOCAL_NO_ENCONTRADA: 'Una de las categorías no existe en tu tienda',
  COBERTURA_NO_ENCONTRADA: 'La cobertura elegida no existe',
  IMAGEN_REQUERIDA: 'El logo de la tienda es obligatorio',
  PRODUCTO_NO_ENCONTRADO: 'Producto no encontrado',
  PRODUCTO_NO_MODIFICABLE: 'Este producto fue retirado de la venta: ya no se puede modificar.',
  TIENDA_NO_HABILITADA:
    'Tu tienda todavía no fue habilitada: podrás cargar y editar productos cuando el equipo la revise.',
  MERCADOPAGO_NO_VINCULADO:
    'Vincula tu cuenta de Mercado Pago para cargar y editar productos: sin ella no puedes recibir pagos.',
  PRODUCTO_CON_LUGARES_PAGADOS:
    'Este producto tiene lugares pagados en un grupo abierto: cierra ese grupo antes de retirarlo de la venta.',
  GRUPO_NO_ENCONTRADO: 'Grupo no encontrado',
  REEMBOLSO_NO_ENCONTRADO: 'Reembolso no encontrado',
  GRUPO_YA_CERRADO:
    'El grupo ya está cerrado. Por favor, actualiza la página para ver los cambios.',
  DIRECCION_NO_ENCONTRADA: 'No se encontró la dirección de envío',
  /** An address saved without its point (typed at sign-up): checkout asks for it in place. */
  DIRECCION_SIN_UBICACION: 'Debes seleccionar una ubicación en el mapa',
  ENVIO_NO_DISPONIBLE: 'No se encontraron opciones de envío disponibles',
  /** The routing engine did not answer (docs/decisions/057). */
  RUTA_NO_DISPONIBLE: 'No se pudo planificar la ruta',
  PEDIDO_NO_ENCONTRADO: 'No se encontró el pedido',
  PAGO_NO_ENCONTRADO: 'Ese pedido no tiene un pago para esa tienda',
  PAGO_YA_APROBADO: 'El pago a esta tienda ya fue aprobado',
  RESERVA_VENCIDA: 'La reserva de este pedido venció. Vuelve a armar tu compra.',
  RESERVAS_MAXIMAS:
    'Tienes pedidos sin pagar que reservan productos. Paga o cancela un pedido pendiente para hacer uno nuevo.',
  PEDIDO_NO_CANCELABLE:
    'Este pedido ya no se puede cancelar: tiene pagos aprobados o en acreditación.',
  FIRMA_INVALIDA: 'La firma de la notificación no es válida',
  CODIGO_INCORRECTO: 'Código incorrecto o error en la verificación',
  ENTREGA_NO_LISTA:
    'Este pedido todavía no se puede entregar: sus grupos de compra no se completaron.',
  PEDIDO_YA_ENTREGADO: 'Este pedido ya fue entregado',
  GRUPO_NO_CANCELABLE: 'Solo se puede cancelar un grupo abierto',
  VINCULACION_INVALIDA: 'La solicitud de vinculación expiró o ya fue usada. Vuelve a intentarlo.',
  MERCADOPAGO_NO_DISPONIBLE: 'Mercado Pago no responde. Intenta nuevamente en unos minutos.',
  UBICACION_FUERA_DE_ARGENTINA: 'No encontramos una dirección en Argentina para ese punto',
  GEO_NO_DISPONIBLE: 'El servicio de mapas no responde. Intenta nuevamente.',
  AVISO_NO_ENCONTRADO: 'Notificación no encontrada',
  PUSH_NO_DISPONIBLE: 'Este servidor no envía avisos a los dispositivos',
} as const satisfies Partial<Record<ErrorCode, string>>;

/**
 * The one error body of the API (DESIGN.md section 4): a Spanish human message in `error`
 * and `mensaje` (screens read either), and a stable machine `code`.
 */
export const errorBodySchema = z
  .object({
    error: z.string(),
    mensaje: z.string(),
    code: errorCodeSchema,
    detalles: z
      .array(z.object({ campo: z.string(), mensaje: z.string() }))
      .optional()
      .describe('Campos inválidos, cuando el error es de validación'),
    tiendasSinMP: z
      .array(z.object({ nombre: z.string() }))
      .optional()
      .describe('Tiendas que todavía no pueden cobrar (TIENDAS_SIN_MP)'),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
