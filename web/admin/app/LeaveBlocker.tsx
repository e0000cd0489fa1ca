import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { LeaveQuestion } from '../components/LeaveQuestion';
import { hasUnsavedWork, leavesUnasked } from '../hooks/useLeaveGuard';

/**
 * Asks before a move to another admin page while a form holds unsaved work
 * (useLeaveGuard). A move that keeps the page (a filter, a tab or a page
 * of a list in the address) or that leaves on purpose (LEAVE_UNASKED) does
 * not ask.
 */
export const asksBeforeLeaving: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname &&
  !leavesUnasked(nextLocation.state) &&
  hasUnsavedWork();

/**
 * The app's one blocker (React Router keeps one at a time), inside the
 * router: a nav link, a link on a page, the browser's Back. "Stay" keeps
 * the page and its work, "Leave" goes on.
 */
export function LeaveBlocker() {
  const blocker = useBlocker(asksBeforeLeaving);
  if (blocker.state !== 'blocked') return null;
  return <LeaveQuestion onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />;
}
