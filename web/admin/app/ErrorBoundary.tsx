import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';

type State = { failed: boolean };

/** Last line of defence: a readable screen instead of a blank page or a stack trace. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Admin dashboard crashed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <main className="grid min-h-screen place-items-center p-6 text-center">
            <div>
              <h1 className="text-2xl font-bold text-slate-900">{t('admin.errors.unexpected')}</h1>
              <button
                type="button"
                className="mt-6 rounded-md bg-navy-900 px-4 py-2 text-sm font-semibold text-white"
                onClick={() => window.location.reload()}
              >
                {t('admin.common.retry')}
              </button>
            </div>
          </main>
        )}
      </Translation>
    );
  }
}
