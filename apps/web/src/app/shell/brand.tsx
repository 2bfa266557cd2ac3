import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/** The logo mark: a shopping bag holding a group of three (same drawing as the favicon). */
export function BrandMark({ className }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#10b981" />
          <stop offset="1" stopColor="#047857" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <path
        d="M24 25v-4a8 8 0 0 1 16 0v4"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M15.5 24h33l-2.6 25.2a5 5 0 0 1-5 4.5H23.1a5 5 0 0 1-5-4.5z" fill="#fff" />
      <circle cx="24.5" cy="38" r="3.6" fill="#059669" />
      <circle cx="32" cy="38" r="3.6" fill="#f59e0b" />
      <circle cx="39.5" cy="38" r="3.6" fill="#059669" />
    </svg>
  );
}

/** Product title of the top bar; goes home. */
export function BrandLink() {
  return (
    <Link
      to="/"
      className="-mx-1 flex min-w-0 items-center gap-2 rounded-lg sm:gap-2.5 px-1 py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45"
    >
      <BrandMark />
      <span className="truncate font-bold text-[1.05rem] tracking-tight">
        Compra <span className="text-primary">Grupal</span>
      </span>
    </Link>
  );
}
