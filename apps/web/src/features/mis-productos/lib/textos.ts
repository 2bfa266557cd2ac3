/** Texts of the spec (part 2, sections 2, 5 and 8), to the letter, and the ones written here. */
export const TEXTOS = {
  // Mis Productos
  noTienesProductos: 'No tienes productos',
  noSeEncontraron: 'No se encontraron productos',
  limpiarBusqueda: 'Limpiar búsqueda',
  volverAMiTienda: 'Volver a Mi Tienda',
  cargarProducto: 'Cargar Producto',
  disponible: 'Disponible',
  noDisponible: 'No disponible',
  totalGrupo: 'Total grupo',
  editar: 'Editar',
  noCargados: 'No se pudieron cargar los productos',
  // Edit product
  actualizado: 'El producto se ha actualizado correctamente',
  noActualizado: 'No se pudo actualizar el producto',
  nombreRequerido: 'El nombre del producto es requerido',
  // Withdraw
  noRetirado: 'No se pudo retirar el producto',
  // Product wizard
  campoRequerido: 'Campo requerido',
  completaElCampo: 'Por favor completa este campo antes de continuar',
  imagenRequerida: 'Imagen requerida',
  seleccionaImagen: 'Por favor selecciona una imagen para el producto',
  cargadoExitosamente: '¡Producto cargado exitosamente!',
  errorAlCargar: 'Error al cargar producto',
  problemaAlCargar: 'Hubo un problema al cargar tu producto. Inténtalo de nuevo.',
  errorDeAutenticacion: 'Error de autenticación',
  sinIdDeUsuario: 'No se pudo obtener el ID del usuario',
  tiendaNoEncontrada: 'No se encontró tu tienda',
  cargando: 'Cargando producto...',
  valorNoValido: 'Valor no válido',
  // One unit's package (not in the spec: shipping is priced from it, docs/decisions/051)
  embalaje: 'Embalaje',
  embalajeAyuda: 'Una unidad lista para enviar. Con esto se calcula el envío.',
} as const;
