import { type ComponentType, isValidElement, lazy, useState } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { HomeRoute } from './routes/home';
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

const LoginRoute = lazyNamed(() => import('./routes/login'), 'LoginRoute');
const AuthCallbackRoute = lazyNamed(() => import('./routes/auth-callback'), 'AuthCallbackRoute');
const SuccessRoute = lazyNamed(() => import('./routes/success'), 'SuccessRoute');
const FailureRoute = lazyNamed(() => import('./routes/failure'), 'FailureRoute');
const StoreRoute = lazyNamed(() => import('./routes/store'), 'StoreRoute');
const GroupRoute = lazyNamed(() => import('./routes/group'), 'GroupRoute');
const ProductRoute = lazyNamed(() => import('./routes/product'), 'ProductRoute');
const MyOrdersRoute = lazyNamed(() => import('./routes/my-orders'), 'MyOrdersRoute');
const MyPaymentsRoute = lazyNamed(() => import('./routes/my-payments'), 'MyPaymentsRoute');
const PaymentDetailRoute = lazyNamed(() => import('./routes/payment-detail'), 'PaymentDetailRoute');
const MultiPaymentCheckoutRoute = lazyNamed(
  () => import('./routes/multi-payment-checkout'),
  'MultiPaymentCheckoutRoute',
);
const CartRoute = lazyNamed(() => import('./routes/cart'), 'CartRoute');
const CheckoutRoute = lazyNamed(() => import('./routes/checkout'), 'CheckoutRoute');
const ProductFormRoute = lazyNamed(() => import('./routes/product-form'), 'ProductFormRoute');
const DeliveryOrdersRoute = lazyNamed(
  () => import('./routes/delivery-orders'),
  'DeliveryOrdersRoute',
);
const MyStoreRoute = lazyNamed(() => import('./routes/my-store'), 'MyStoreRoute');
const MercadopagoCallbackRoute = lazyNamed(
  () => import('./routes/mercadopago-callback'),
  'MercadopagoCallbackRoute',
);
const AdminTiendasRoute = lazyNamed(() => import('./routes/admin-tiendas'), 'AdminTiendasRoute');
const AdminGruposRoute = lazyNamed(() => import('./routes/admin-grupos'), 'AdminGruposRoute');
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
const NotFoundRoute = lazyNamed(() => import('./routes/not-found'), 'NotFoundRoute');

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
      { index: true, element: <HomeRoute /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'register', element: <LoginRoute /> },
      { path: 'auth/callback', element: <AuthCallbackRoute /> },
      { path: 'success', element: <SuccessRoute /> },
      { path: 'failure', element: <FailureRoute /> },
      // The dashboard now lives in the side panel.
      { path: 'dashboard', element: <Navigate to="/" replace /> },
      { path: 'store/:tiendaId', element: <StoreRoute /> },
      { path: 'group/:groupId', element: <GroupRoute /> },
      { path: 'product/:productId', element: <ProductRoute /> },
      { path: 'my-orders', element: <MyOrdersRoute /> },
      { path: 'my-payments', element: <MyPaymentsRoute /> },
      { path: 'payment-detail/:pedidoId', element: <PaymentDetailRoute /> },
      { path: 'multi-payment-checkout', element: <MultiPaymentCheckoutRoute /> },
      { path: 'cart', element: <CartRoute /> },
      { path: 'checkout', element: <CheckoutRoute /> },
      { path: 'product-form', element: <ProductFormRoute /> },
      { path: 'delivery-orders', element: <DeliveryOrdersRoute /> },
      { path: 'my-store', element: <MyStoreRoute /> },
      { path: 'mercadopago-callback', element: <MercadopagoCallbackRoute /> },
      // The product team's store review (admins only; not in the spec's table).
      { path: 'admin/tiendas', element: <AdminTiendasRoute /> },
      // The product team's open groups and their cancellation (admins only; issue 14).
      { path: 'admin/grupos', element: <AdminGruposRoute /> },
      // The account's links (issue 25, docs/decisions/040; not in the spec's table).
      { path: 'recuperar-contrasenia', element: <RecuperarContraseniaRoute /> },
      { path: 'restablecer-contrasenia', element: <RestablecerContraseniaRoute /> },
      { path: 'verificar-email', element: <VerificarEmailRoute /> },
      { path: '*', element: <NotFoundRoute /> },
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
