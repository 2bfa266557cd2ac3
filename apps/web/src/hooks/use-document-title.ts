import { useEffect } from 'react';

const APP_NAME = 'Compra Grupal';

/** Sets the tab title as "<title> · Compra Grupal". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
