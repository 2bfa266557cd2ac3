import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A choice card over a native radio: keyboard (arrows, space) and screen readers for free. */
export function OpcionRadio({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-3 transition-colors motion-reduce:transition-none sm:p-4',
        'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/45',
        checked ? 'border-primary bg-secondary/50' : 'border-border hover:border-primary/40',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="mt-1 size-4 shrink-0 accent-primary outline-none"
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}
