import type { ConnectResult, DesktopSetupBridge } from '#shared/desktop';

/**
 * The first-start form (server address) and the offline page (try again,
 * change server), built with DOM calls only: no inline script, no HTML
 * strings, so the strict CSP holds and no text is ever parsed as markup.
 */

type Deps = {
  bridge: DesktopSetupBridge;
  t: (key: string, params?: Record<string, string>) => string;
  offline: boolean;
  /**
   * "Back to the dashboard" while changing the server. After a successful
   * connect or retry the main process opens the dashboard itself.
   */
  backToDashboard: () => void;
};

type Props = Record<string, string | boolean>;

function el<T extends HTMLElement = HTMLElement>(
  tag: string,
  props: Props = {},
  ...children: (Node | string)[]
): T {
  const node = document.createElement(tag) as T;
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export async function mountSetupPage(root: HTMLElement, deps: Deps): Promise<void> {
  const { bridge } = deps;
  const current = await bridge.getServerUrl();
  if (deps.offline && current) renderOffline(root, deps, current);
  else renderForm(root, deps, current);
}

function renderOffline(root: HTMLElement, deps: Deps, server: string): void {
  const { t } = deps;
  document.title = t('desktop.offline.title');
  const status = el('p', { className: 'error', role: 'alert' });
  const retry = el<HTMLButtonElement>('button', {
    type: 'button',
    className: 'primary',
    textContent: t('desktop.offline.retry'),
  });
  const change = el<HTMLButtonElement>('button', {
    type: 'button',
    className: 'secondary',
    textContent: t('desktop.offline.changeServer'),
  });
  retry.addEventListener('click', async () => {
    retry.disabled = true;
    retry.textContent = t('desktop.offline.retrying');
    status.textContent = '';
    const result = await deps.bridge.retry();
    // Connected: the main process is opening the dashboard; stay busy until it does.
    if (result.ok) return;
    status.textContent = t(result.error);
    retry.disabled = false;
    retry.textContent = t('desktop.offline.retry');
  });
  change.addEventListener('click', () => renderForm(root, deps, server));
  root.replaceChildren(
    el('h1', { textContent: t('desktop.offline.title') }),
    el('p', { textContent: t('desktop.offline.body', { server: hostOf(server) }) }),
    status,
    el('div', { className: 'actions' }, retry, change),
  );
  retry.focus();
}

function renderForm(root: HTMLElement, deps: Deps, current: string | null): void {
  const { t } = deps;
  document.title = t('desktop.setup.title');
  const input = el<HTMLInputElement>('input', {
    id: 'server-url',
    name: 'serverUrl',
    type: 'text',
    inputMode: 'url',
    spellcheck: false,
    placeholder: t('desktop.setup.placeholder'),
    value: current ?? '',
    required: true,
  });
  input.setAttribute('autocomplete', 'url');
  input.setAttribute('aria-describedby', 'server-url-hint server-url-error');
  const error = el('p', { id: 'server-url-error', className: 'error', role: 'alert' });
  const submit = el<HTMLButtonElement>('button', {
    type: 'submit',
    className: 'primary',
    textContent: t('desktop.setup.submit'),
  });
  const form = el<HTMLFormElement>(
    'form',
    { noValidate: true },
    el('label', { htmlFor: 'server-url', textContent: t('desktop.setup.label') }),
    input,
    el('p', { id: 'server-url-hint', className: 'hint', textContent: t('desktop.setup.hint') }),
    error,
    el('div', { className: 'actions' }, submit),
  );
  if (current) {
    const back = el<HTMLButtonElement>('button', {
      type: 'button',
      className: 'secondary',
      textContent: t('desktop.setup.cancel'),
    });
    back.addEventListener('click', deps.backToDashboard);
    form.lastElementChild?.append(back);
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    submit.textContent = t('desktop.setup.checking');
    error.textContent = '';
    input.removeAttribute('aria-invalid');
    const result: ConnectResult = await deps.bridge.connect(input.value);
    // Connected: the main process is opening the dashboard; stay busy until it does.
    if (result.ok) return;
    error.textContent = t(result.error);
    // Declining the change is a choice, not a mistake in the address.
    if (result.error !== 'desktop.setup.notChanged') input.setAttribute('aria-invalid', 'true');
    submit.disabled = false;
    submit.textContent = t('desktop.setup.submit');
    input.focus();
  });
  root.replaceChildren(
    el('h1', { textContent: t('desktop.setup.title') }),
    el('p', { textContent: t('desktop.setup.intro') }),
    ...(current
      ? [
          el('p', {
            className: 'hint',
            textContent: t('desktop.setup.current', { server: hostOf(current) }),
          }),
        ]
      : []),
    form,
  );
  input.focus();
}
