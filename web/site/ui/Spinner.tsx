import { LoaderCircle } from 'lucide-react';

/** A spinner with a visible label, announced politely to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center gap-3 py-20 text-navy-600"
    >
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-signal-600" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
