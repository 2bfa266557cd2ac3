import { CheckIcon, LoaderCircleIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ImagePicker } from '@/components/image-picker';
import { toast } from '@/components/ui/toast';
import { CampoPaso } from '@/components/wizard/campo-paso';
import { useWizard } from '@/components/wizard/use-wizard';
import { WizardPantalla } from '@/components/wizard/wizard-pantalla';
import { useCategoriasGlobales } from '@/entities/categoria/api/get-categorias-globales';
import type { LocationPickerComponent } from '@/entities/ubicacion/model/ubicacion';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useConvertirEnVendedor } from '../../api/convertir-en-vendedor';
import { type TiendaCreada, useCrearTienda } from '../../api/crear-tienda';
import { useCoberturas } from '../../api/get-coberturas';
import { entregaEnGrupoEscritaSchema, type PrecioDeEntrega } from '../../lib/entrega-en-grupo';
import { EntregaEnGrupoCampos } from '../entrega-en-grupo-campos';
import { CategoriaCombobox } from './categoria-combobox';
import { CoberturaOpciones } from './cobertura-opciones';
import { PasoUbicacion } from './paso-ubicacion';
import { CIERRE_TRAS_CREAR_MS, PASOS, TEXTOS, TITULO_ASISTENTE, TOTAL_PASOS } from './textos';
import { DATOS_VACIOS } from './tipos';

export interface CrearTiendaWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user (from the access token); without it, creation says 'Error de autenticación'. */
  usuarioId: string | null;
  /** Called once the store exists and the user was made a seller, before the wizard closes. */
  onCreated?: ((tienda: TiendaCreada) => void) | undefined;
  /** The map picker of step 7 (`UbicacionPickerDialog`, passed in by the route). */
  LocationPicker: LocationPickerComponent;
  /** Optional: starts loading the picker's code ahead of its first opening. */
  preloadLocationPicker?: (() => void) | undefined;
}

/** Which step holds a field the server refused (`detalles[].campo`, or the error's code). */
const PASO_DEL_CAMPO: Record<string, number> = {
  nombre: 1,
  descripcion: 2,
  telefono: 3,
  email: 4,
  razonSocial: 5,
  categoriaGlobal: 6,
  CATEGORIA_NO_ENCONTRADA: 6,
  direccion: 7,
  cobertura: 8,
  COBERTURA_NO_ENCONTRADA: 8,
  entregaEnGrupo: 8,
  logo: 9,
  IMAGEN_REQUERIDA: 9,
  IMAGEN_NO_SOPORTADA: 9,
  IMAGEN_NO_PROCESABLE: 9,
};

const PRECIOS_DE_ENTREGA: readonly PrecioDeEntrega[] = ['base', 'porKm', 'minimo'];

/** The toast's title of a step's problem: an empty step's, or a value the contract refuses. */
function tituloDelProblema(mensaje: string): string {
  return mensaje === TEXTOS.completaElCampo || mensaje === TEXTOS.subeElLogo
    ? TEXTOS.campoRequerido
    : TEXTOS.valorNoValido;
}

/**
 * The create-store wizard 'Configurar Tienda' (spec part 2, sections 2, 4, 5 and 8): a
 * full-screen view with nine steps (name, description, phone, email, legal name, category,
 * location, coverage, logo), a progress bar, 'Paso N de 9', the percent completed and the
 * step chips. Siguiente (or Enter) moves on only when the step has a value; the last step
 * creates the store (multipart), makes the user a seller and closes 2 s later. The coverage
 * step also offers 'Entrega en grupo' (issue 36), off by default; once on, its prices must pass
 * the contract's schema to move on.
 *
 * What was typed stays while the wizard is closed and opened again; a created store starts
 * the next opening afresh.
 */
export function CrearTiendaWizard({
  open,
  onOpenChange,
  usuarioId,
  onCreated,
  LocationPicker,
  preloadLocationPicker,
}: CrearTiendaWizardProps) {
  const wizard = useWizard({
    pasos: PASOS,
    valoresIniciales: DATOS_VACIOS,
    tituloDelProblema,
    mensajePorDefecto: TEXTOS.completaElCampo,
    enfocarAlFallar: true,
  });
  const { valores: datos, actualizar, registrarCampo, pasoActual: info, envio } = wizard;
  const [procesandoLogo, setProcesandoLogo] = useState(false);
  const erroresDeEntrega = wizard.form.formState.errors.entregaEnGrupo;
  const cierre = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const crearTienda = useCrearTienda();
  const convertirEnVendedor = useConvertirEnVendedor();
  const categorias = useCategoriasGlobales({ enabled: open });
  const coberturas = useCoberturas({ enabled: open });

  useErrorToast(
    Math.max(
      categorias.isError ? categorias.errorUpdatedAt : 0,
      coberturas.isError ? coberturas.errorUpdatedAt : 0,
    ),
    TEXTOS.errorAlCargarDatos,
    TEXTOS.errorAlCargarDatosDetalle,
  );

  // The latest callbacks, for the close that comes 2 s after creating.
  const callbacks = useRef({ onOpenChange, onCreated });
  useEffect(() => {
    callbacks.current = { onOpenChange, onCreated };
  });
  useEffect(() => () => clearTimeout(cierre.current), []);

  // Opening again after a store was created starts from scratch (before it is painted).
  const estabaAbierto = useRef(open);
  const { reiniciar } = wizard;
  useLayoutEffect(() => {
    if (open && !estabaAbierto.current && envio === 'enviado') reiniciar();
    estabaAbierto.current = open;
  }, [open, envio, reiniciar]);

  const crear = async () => {
    if (!usuarioId) {
      toast({
        title: TEXTOS.errorDeAutenticacion,
        description: TEXTOS.sinIdDeUsuario,
        variant: 'destructive',
      });
      return;
    }
    const { direccion, logo, categoriaId, coberturaId } = datos;
    if (!direccion) {
      toast({
        title: TEXTOS.sinDireccion,
        description: TEXTOS.sinDireccionDetalle,
        variant: 'destructive',
      });
      return;
    }
    if (!logo) {
      toast({
        title: TEXTOS.logoObligatorio,
        description: TEXTOS.debesSubirLogo,
        variant: 'destructive',
      });
      return;
    }
    // The steps checked them; the types only learn it here.
    if (!categoriaId || !coberturaId) return;
    const entregaEnGrupo = entregaEnGrupoEscritaSchema.safeParse(datos.entregaEnGrupo);
    if (!entregaEnGrupo.success) {
      wizard.setPaso(PASO_DEL_CAMPO.entregaEnGrupo ?? 8);
      return;
    }

    const tienda = await wizard.enviar(
      async () => {
        const creada = await crearTienda.mutateAsync({
          usuarioId,
          nombre: datos.nombre.trim(),
          descripcion: datos.descripcion.trim(),
          telefono: datos.telefono.trim(),
          email: datos.email.trim(),
          razonSocial: datos.razonSocial.trim(),
          categoriaGlobal: categoriaId,
          cobertura: coberturaId,
          direccion,
          entregaEnGrupo: entregaEnGrupo.data,
          logo,
        });
        try {
          await convertirEnVendedor.mutateAsync(usuarioId);
        } catch (error) {
          // The store exists and owning it is what makes a seller: Mi Tienda's recheck settles it.
          console.error('No se pudo confirmar el rol de vendedor', error);
        }
        return creada;
      },
      {
        titulo: TEXTOS.errorAlCrear,
        porDefecto: TEXTOS.problemaAlConfigurar,
        pasoDelCampo: PASO_DEL_CAMPO,
      },
    );
    if (!tienda) return;

    toast({ title: TEXTOS.creadaExitosamente, description: TEXTOS.vinculaTuCuenta });
    callbacks.current.onCreated?.(tienda);
    cierre.current = setTimeout(() => callbacks.current.onOpenChange(false), CIERRE_TRAS_CREAR_MS);
  };

  const avanzar = () => {
    if (procesandoLogo) return;
    void wizard.avanzar({ terminar: () => void crear() }).then(() => {
      // The step's own field got the focus back; a refused 'Entrega en grupo' price takes it.
      const { getFieldState } = wizard.form;
      if (info.campo !== 'cobertura' || getFieldState('coberturaId').invalid) return;
      const refusado = PRECIOS_DE_ENTREGA.find(
        (clave) => getFieldState(`entregaEnGrupo.${clave}`).invalid,
      );
      if (refusado) wizard.form.setFocus(`entregaEnGrupo.${refusado}`);
    });
  };

  const cambiarApertura = (abrir: boolean) => {
    if (!abrir && envio === 'enviando') return;
    if (!abrir) clearTimeout(cierre.current);
    onOpenChange(abrir);
  };

  const contenido = (() => {
    switch (info.campo) {
      case 'nombre':
        return (
          <CampoPaso
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            value={datos.nombre}
            onChange={(valor) => actualizar('nombre', valor)}
            maxLength={100}
            autoComplete="off"
            placeholder="Ej.: Almacén Don Pepe"
          />
        );
      case 'descripcion':
        return (
          <CampoPaso
            multilinea
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            value={datos.descripcion}
            onChange={(valor) => actualizar('descripcion', valor)}
            maxLength={1000}
            placeholder="Ej.: Productos frescos de granja, entregas en el día."
            ayuda="Shift + Enter para un salto de línea."
          />
        );
      case 'telefono':
        return (
          <CampoPaso
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={datos.telefono}
            onChange={(valor) => actualizar('telefono', valor)}
            maxLength={30}
            placeholder="Ej.: 11 5555-1234"
          />
        );
      case 'email':
        return (
          <CampoPaso
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            value={datos.email}
            onChange={(valor) => actualizar('email', valor)}
            maxLength={254}
            placeholder="tienda@email.com"
          />
        );
      case 'razonSocial':
        return (
          <CampoPaso
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            autoComplete="organization"
            value={datos.razonSocial}
            onChange={(valor) => actualizar('razonSocial', valor)}
            maxLength={150}
            placeholder="Ej.: Don Pepe S.R.L."
          />
        );
      case 'categoria':
        return (
          <CategoriaCombobox
            inputRef={registrarCampo}
            etiqueta={info.etiqueta}
            categorias={categorias.data}
            cargando={categorias.isPending}
            error={categorias.isError}
            onReintentar={() => void categorias.refetch()}
            value={datos.categoriaId}
            onChange={(id) => actualizar('categoriaId', id)}
          />
        );
      case 'direccion':
        return (
          <PasoUbicacion
            botonRef={registrarCampo}
            direccion={datos.direccion}
            onConfirmar={(direccion) => actualizar('direccion', direccion)}
            LocationPicker={LocationPicker}
            preloadLocationPicker={preloadLocationPicker}
          />
        );
      case 'cobertura':
        return (
          <div className="grid gap-6">
            <CoberturaOpciones
              inputRef={registrarCampo}
              etiqueta={info.etiqueta}
              coberturas={coberturas.data}
              cargando={coberturas.isPending}
              error={coberturas.isError}
              onReintentar={() => void coberturas.refetch()}
              value={datos.coberturaId}
              onChange={(id) => actualizar('coberturaId', id)}
            />
            <EntregaEnGrupoCampos
              enAsistente
              activa={datos.entregaEnGrupo.activa}
              onActivar={(activa) => {
                wizard.form.clearErrors('entregaEnGrupo');
                actualizar('entregaEnGrupo.activa', activa);
              }}
              errores={{
                base: erroresDeEntrega?.base?.message,
                porKm: erroresDeEntrega?.porKm?.message,
                minimo: erroresDeEntrega?.minimo?.message,
              }}
              // Registered, so the form keeps each price's own error (under its field).
              campo={(clave) => wizard.form.register(`entregaEnGrupo.${clave}`)}
            />
          </div>
        );
      case 'logo':
        return (
          <ImagePicker
            tipo="logo"
            inputRef={registrarCampo}
            etiqueta={info.etiqueta}
            archivo={datos.logo}
            onArchivo={(logo) => actualizar('logo', logo)}
            onProcesando={setProcesandoLogo}
          />
        );
    }
  })();

  return (
    <WizardPantalla
      wizard={wizard}
      open={open}
      onOpenChange={cambiarApertura}
      titulo={TITULO_ASISTENTE}
      descripcion={`Completa los ${TOTAL_PASOS} pasos para crear tu tienda.`}
      etiquetaProgreso="Progreso de la configuración"
      pasos={PASOS}
      onAvanzar={avanzar}
      ocupado={envio === 'enviando'}
      // Nothing changes while the store is being created or once it exists.
      bloqueado={envio !== 'editando'}
      avanceDeshabilitado={envio !== 'editando' || procesandoLogo}
      claseBotonFinal={envio === 'enviado' && 'disabled:opacity-100'}
      botonFinal={
        envio === 'enviando' ? (
          <>
            <LoaderCircleIcon className="animate-spin" aria-hidden />
            {TEXTOS.creando}
          </>
        ) : envio === 'enviado' ? (
          <>
            <CheckIcon aria-hidden />
            {TEXTOS.creada}
          </>
        ) : (
          <>
            <SparklesIcon aria-hidden />
            {TEXTOS.crear}
          </>
        )
      }
    >
      {contenido}
    </WizardPantalla>
  );
}
