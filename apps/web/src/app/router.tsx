import { type ComponentType, isValidElement, lazy, useState } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { InicioRoute } from './routes/inicio';
import { AppLayout } from './shell/app-layout';

/**
 * React.lazy for a module's named export: each screen becomes its own chunk. `precargar` loads
 * it ahead: a screen whose code is already here renders at once instead of suspending, which a
 * page drawn on the server needs to hydrate (a suspended screen keeps the server's markup and
 * is drawn again later, a new picture and all, docs/decisions/044).
 */
function lazyNamed<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  let cargada: ComponentType | undefined;
  const cargar = async () => {
    cargada ??= (await load())[name];
    return { default: cargada };
  };
  const Perezosa = lazy(cargar);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, at module level, like React.lazy's own component.
  function Pantalla() {
    // Chosen once per mount: switching component would mount the screen anew.
    const [Componente] = useState<ComponentType>(() => cargada ?? Perezosa);
    return <Componente />;
  }
  return Object.assign(Pantalla, { precargar: cargar });
}

const IniciarSesionRoute = lazyNamed(() => import('./routes/iniciar-sesion'), 'IniciarSesionRoute');
const AuthCallbackRoute = lazyNamed(() => import('./routes/auth-callback'), 'AuthCallbackRoute');
const PagoExitosoRoute = lazyNamed(() => import('./routes/pago-exitoso'), 'PagoExitosoRoute');
const PagoFallidoRoute = lazyNamed(() => import('./routes/pago-fallido'), 'PagoFallidoRoute');
const TiendaRoute = lazyNamed(() => import('./routes/tienda'), 'TiendaRoute');
const GrupoRoute = lazyNamed(() => import('./routes/grupo'), 'GrupoRoute');
const ProductoRoute = lazyNamed(() => import('./routes/producto'), 'ProductoRoute');
const MisPedidosRoute = lazyNamed(() => import('./routes/mis-pedidos'), 'MisPedidosRoute');
const MisPagosRoute = lazyNamed(() => import('./routes/mis-pagos'), 'MisPagosRoute');
const DetalleDePagoRoute = lazyNamed(
  () => import('./routes/detalle-de-pago'),
  'DetalleDePagoRoute',
);
const PagosDelPedidoRoute = lazyNamed(
  () => import('./routes/pagos-del-pedido'),
  'PagosDelPedidoRoute',
);
const CarritoRoute = lazyNamed(() => import('./routes/carrito'), 'CarritoRoute');
const CheckoutRoute = lazyNamed(() => import('./routes/checkout'), 'CheckoutRoute');
const CargarProductoRoute = lazyNamed(
  () => import('./routes/cargar-producto'),
  'CargarProductoRoute',
);
const PedidosRepartoRoute = lazyNamed(
  () => import('./routes/pedidos-reparto'),
  'PedidosRepartoRoute',
);
const MiTiendaRoute = lazyNamed(() => import('./routes/mi-tienda'), 'MiTiendaRoute');
const MercadopagoCallbackRoute = lazyNamed(
  () => import('./routes/mercadopago-callback'),
  'MercadopagoCallbackRoute',
);
const AdminTiendasRoute = lazyNamed(() => import('./routes/admin-tiendas'), 'AdminTiendasRoute');
const AdminGruposRoute = lazyNamed(() => import('./routes/admin-grupos'), 'AdminGruposRoute');
const AdminDineroRoute = lazyNamed(() => import('./routes/admin-dinero'), 'AdminDineroRoute');
const RecuperarContraseniaRoute = lazyNamed(
  () => import('./routes/recuperar-contrasenia'),
  'RecuperarContraseniaRoute',
);
const RestablecerContraseniaRoute = lazyNamed(
  () => import('./routes/restablecer-contrasenia'),
  'RestablecerContraseniaRoute',
);
const VerificarEmailRoute = lazyNamed(
  () => import('./routes/verificar-email'),
  'VerificarEmailRoute',
);
const NoEncontradaRoute = lazyNamed(() => import('./routes/no-encontrada'), 'NoEncontradaRoute');

/**
 * The route table of the spec (part 1, section 2). Home is eager so the first screen needs one
 * request; every other screen is loaded on demand. The app renders it in declarative mode
 * (`AppRoutes` under a `BrowserRouter`): the data router's code is twice the size and nothing
 * here uses loaders or actions (decision 016). Errors are caught by the shell's boundary
 * (`AppLayout`), not by `errorElement`, which only a data router reads.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <InicioRoute /> },
      { path: 'login', element: <IniciarSesionRoute /> },
      { path: 'register', element: <IniciarSesionRoute /> },
      { path: 'auth/callback', element: <AuthCallbackRoute /> },
      { path: 'success', element: <PagoExitosoRoute /> },
      { path: 'failure', element: <PagoFallidoRoute /> },
      // The dashboard now lives in the side panel.
      { path: 'dashboard', element: <Navigate to="/" replace /> },
      { path: 'store/:tiendaId', element: <TiendaRoute /> },
      { path: 'group/:groupId', element: <GrupoRoute /> },
      { path: 'product/:productId', element: <ProductoRoute /> },
      { path: 'my-orders', element: <MisPedidosRoute /> },
      { path: 'my-payments', element: <MisPagosRoute /> },
      { path: 'payment-detail/:pedidoId', element: <DetalleDePagoRoute /> },
      { path: 'multi-payment-checkout', element: <PagosDelPedidoRoute /> },
      { path: 'cart', element: <CarritoRoute /> },
      { path: 'checkout', element: <CheckoutRoute /> },
      { path: 'product-form', element: <CargarProductoRoute /> },
      { path: 'delivery-orders', element: <PedidosRepartoRoute /> },
      { path: 'my-store', element: <MiTiendaRoute /> },
      { path: 'mercadopago-callback', element: <MercadopagoCallbackRoute /> },
      // The product team's store review (admins only; not in the spec's table).
      { path: 'admin/tiendas', element: <AdminTiendasRoute /> },
      // The product team's open groups and their cancellation (admins only; issue 14).
      { path: 'admin/grupos', element: <AdminGruposRoute /> },
      // The team's money in flight: totals, refunds to retry, payments to look at (issue 37).
      { path: 'admin/dinero', element: <AdminDineroRoute /> },
      // The account's links (issue 25, docs/decisions/040; not in the spec's table).
      { path: 'recuperar-contrasenia', element: <RecuperarContraseniaRoute /> },
      { path: 'restablecer-contrasenia', element: <RestablecerContraseniaRoute /> },
      { path: 'verificar-email', element: <VerificarEmailRoute /> },
      { path: '*', element: <NoEncontradaRoute /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the screens `pathname` shows, before a server-rendered page is hydrated:
 * a screen still loading would keep the server's markup and draw a skeleton over it later.
 */
export async function precargarRuta(pathname: string): Promise<void> {
  const pantallas = (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
    const tipo = isValidElement(route.element) ? route.element.type : undefined;
    return typeof tipo === 'function' && 'precargar' in tipo
      ? (tipo as { precargar: () => Promise<unknown> }).precargar()
      : undefined;
  });
  await Promise.all(pantallas);
}
