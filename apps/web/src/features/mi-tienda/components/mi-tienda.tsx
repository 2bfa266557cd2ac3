import { type ReactNode, useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type EstadoVendedor, useEstadoVendedor } from '../hooks/use-estado-vendedor';
import { ConfigurarCategoriasDialog } from './categorias/configurar-categorias';
import { CrearTiendaCard } from './crear-tienda-card';
import { EditarTienda } from './editar-tienda/editar-tienda';
import { PanelTienda } from './panel-tienda';
import { SeccionProximamente as Proximamente } from './seccion-proximamente';
import {
  accionDeSeccion,
  esSeccion,
  SECCIONES_AMPLIAS,
  type SeccionMiTienda,
  type SeccionProximamente,
} from './secciones';
import { Subvista } from './subvista';
import { TiendaEnVerificacion } from './tienda-en-verificacion';
import { VerificandoVendedor } from './verificando-vendedor';
import { VincularMercadoPago } from './vincular-mercado-pago';

/** What the creation wizard receives (the route composes it with the location picker). */
export interface AsistenteTiendaProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  usuarioId: string;
}

/** Query parameter of the section on screen: /my-store?seccion=editar-tienda. */
const SECCION = 'seccion';

const TEXTO_PROXIMAMENTE: Record<SeccionProximamente, string> = {
  'mis-productos':
    'Muy pronto vas a poder ver todos tus productos, buscarlos y editar su precio, stock y disponibilidad desde aquí.',
  grupos: 'Muy pronto vas a poder seguir el avance de tus compras grupales y cerrarlas desde aquí.',
  'pedidos-para-entregar':
    'Muy pronto vas a ver aquí los pedidos listos para entregar y podrás marcarlos como entregados.',
  estadisticas:
    'Muy pronto vas a ver aquí tus ventas, tus grupos y las comisiones de cada período.',
};

export interface MiTiendaProps {
  usuarioId: string;
  /**
   * The creation wizard 'Configurar Tienda' (crear-tienda/), which the route composes with the
   * location picker. It stays mounted while the user has no store, so what was typed survives
   * closing it.
   */
  renderAsistente: (props: AsistenteTiendaProps) => ReactNode;
  /** Sections other features provide; the rest show that they are coming. */
  secciones?: Partial<Record<SeccionProximamente, (props: { onVolver: () => void }) => ReactNode>>;
}

/**
 * Mi Tienda (spec part 2, sections 2 and 4): exactly one of 'Verificando estado de
 * vendedor...', the invitation to create a store, the Mercado Pago link screen, the review wait
 * or the enabled store's panel. The panel's sections live in the address (?seccion=...), so
 * the browser's back closes them too.
 */
export function MiTienda({ usuarioId, renderAsistente, secciones = {} }: MiTiendaProps) {
  const { estado, comprobando, actualizar, revisar } = useEstadoVendedor(usuarioId);
  const [asistenteAbierto, setAsistenteAbierto] = useState(false);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [ultimaSeccion, setUltimaSeccion] = useState<SeccionMiTienda | null>(null);

  const parametro = searchParams.get(SECCION);
  const seccion = estado === 'activa' && esSeccion(parametro) ? parametro : null;

  const abrir = useCallback(
    (nueva: SeccionMiTienda) => {
      setUltimaSeccion(nueva);
      navigate(`/my-store?${SECCION}=${nueva}`, { state: { desdePanel: true } });
    },
    [navigate],
  );
  const desdePanel = (location.state as { desdePanel?: boolean } | null)?.desdePanel === true;
  const cerrar = useCallback(() => {
    // Opened from the panel: going back closes it; opened from a link: replace the entry.
    if (desdePanel) navigate(-1);
    else navigate('/my-store', { replace: true });
  }, [desdePanel, navigate]);

  const asistenteOnOpenChange = useCallback(
    (open: boolean) => {
      setAsistenteAbierto(open);
      // Closing the wizard checks the seller status again after 0.5 s.
      if (!open) revisar();
    },
    [revisar],
  );

  return (
    <>
      <Pantalla
        estado={estado}
        seccion={seccion}
        usuarioId={usuarioId}
        comprobando={comprobando}
        secciones={secciones}
        ultimaSeccion={ultimaSeccion}
        onComenzar={() => setAsistenteAbierto(true)}
        onActualizar={actualizar}
        onAbrir={abrir}
        onCerrar={cerrar}
      />
      {(estado === 'no-vendedor' || asistenteAbierto) &&
        renderAsistente({ open: asistenteAbierto, onOpenChange: asistenteOnOpenChange, usuarioId })}
      {estado === 'activa' && (
        <ConfigurarCategoriasDialog
          open={seccion === 'categorias'}
          onOpenChange={(open) => {
            if (!open) cerrar();
          }}
        />
      )}
    </>
  );
}

function Pantalla({
  estado,
  seccion,
  usuarioId,
  comprobando,
  secciones,
  ultimaSeccion,
  onComenzar,
  onActualizar,
  onAbrir,
  onCerrar,
}: {
  estado: EstadoVendedor;
  seccion: SeccionMiTienda | null;
  usuarioId: string;
  comprobando: boolean;
  secciones: NonNullable<MiTiendaProps['secciones']>;
  ultimaSeccion: SeccionMiTienda | null;
  onComenzar: () => void;
  onActualizar: () => void;
  onAbrir: (seccion: SeccionMiTienda) => void;
  onCerrar: () => void;
}) {
  switch (estado) {
    case 'cargando':
      return <VerificandoVendedor />;
    case 'no-vendedor':
      return <CrearTiendaCard onComenzar={onComenzar} />;
    case 'sin-vincular':
      return <VincularMercadoPago usuarioId={usuarioId} />;
    case 'en-verificacion':
      return (
        <TiendaEnVerificacion
          onHabilitada={onActualizar}
          onActualizar={onActualizar}
          actualizando={comprobando}
        />
      );
    case 'activa':
      break;
  }

  const accion = seccion && seccion !== 'categorias' ? accionDeSeccion(seccion) : undefined;
  if (!seccion || seccion === 'categorias' || !accion) {
    return (
      <PanelTienda
        usuarioId={usuarioId}
        onAbrir={onAbrir}
        enfocar={seccion ? null : ultimaSeccion}
      />
    );
  }
  if (seccion === 'editar-tienda') {
    return (
      <Subvista
        icon={accion.icon}
        title={accion.titulo}
        description="Actualiza los datos que ven tus compradores."
        onVolver={onCerrar}
      >
        <EditarTienda usuarioId={usuarioId} onCerrar={onCerrar} />
      </Subvista>
    );
  }
  const propia = secciones[seccion];
  return (
    <Subvista
      icon={accion.icon}
      title={accion.titulo}
      description={accion.descripcion}
      onVolver={onCerrar}
      amplia={SECCIONES_AMPLIAS.includes(seccion)}
    >
      {propia ? (
        propia({ onVolver: onCerrar })
      ) : (
        <Proximamente icon={accion.icon} onVolver={onCerrar}>
          {TEXTO_PROXIMAMENTE[seccion]}
        </Proximamente>
      )}
    </Subvista>
  );
}
