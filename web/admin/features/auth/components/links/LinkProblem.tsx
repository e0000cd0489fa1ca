import { Link } from 'react-router-dom';
import { button } from '../../../../lib/ui';

/** A link that cannot be used any more: why, and where to go instead. */
export function LinkProblem({
  message,
  to,
  action,
}: {
  message: string;
  to: string;
  action: string;
}) {
  return (
    <div className="space-y-4 text-center">
      <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
        {message}
      </p>
      <Link to={to} className={`${button.secondary} w-full`}>
        {action}
      </Link>
    </div>
  );
}
