import { UsersIcon } from 'lucide-react';
import { Link } from 'react-router';

/** 'Ver grupo': the link to a group's page (/group/{id}); the product names it for readers. */
export function VerGrupoLink({ grupoId, producto }: { grupoId: string; producto: string }) {
  return (
    <Link
      to={`/group/${grupoId}`}
      className="inline-flex w-fit items-center gap-1.5 rounded-md font-medium text-primary-strong text-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      <UsersIcon className="size-4" aria-hidden />
      Ver grupo<span className="sr-only"> de {producto}</span>
    </Link>
  );
}
