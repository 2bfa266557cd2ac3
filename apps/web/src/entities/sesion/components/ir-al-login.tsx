import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { setStoredItem } from '@/lib/storage-keys';

/**
 * The orders, payments and delivery screens without a session (spec part 2, section 8: a
 * missing token on orders and payments screens redirects to /login); after the login the user
 * comes back here.
 */
export function IrAlLogin() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    setStoredItem('redirectAfterAuth', `${pathname}${search}`);
  }, [pathname, search]);
  return <Navigate to="/login" replace />;
}
