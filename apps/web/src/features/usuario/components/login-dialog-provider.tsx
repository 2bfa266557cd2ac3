import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';

const LoginDialog = lazy(async () => ({
  default: (await import('./login-dialog')).LoginDialog,
}));

interface LoginDialogContextValue {
  /** Opens the login / register dialog (e.g. joining a group while logged out). */
  openLoginDialog: () => void;
}

const LoginDialogContext = createContext<LoginDialogContextValue | null>(null);

/** Mounted once in the shell. The dialog's code loads the first time it opens. */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  const openLoginDialog = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ openLoginDialog }), [openLoginDialog]);

  return (
    <LoginDialogContext.Provider value={value}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <LoginDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </LoginDialogContext.Provider>
  );
}

export function useLoginDialog(): LoginDialogContextValue {
  const context = useContext(LoginDialogContext);
  if (!context) throw new Error('useLoginDialog se usa dentro de un LoginDialogProvider.');
  return context;
}
