import type { HydrationState } from 'react-router-dom';
import { jsonForScript } from '#shared/json-script';

type RouterState = Pick<HydrationState, 'loaderData' | 'actionData'>;

/** Router state as JSON that is safe inside a `<script>` element (no `<`, no line separators). */
export function serializeHydration(state: RouterState): string {
  return jsonForScript(state);
}

/** The router state the server embedded, or undefined when it is missing or unreadable. */
export function readHydration(text: string | null | undefined): HydrationState | undefined {
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as RouterState;
    return { loaderData: state.loaderData ?? {}, actionData: state.actionData ?? null };
  } catch {
    return undefined;
  }
}
