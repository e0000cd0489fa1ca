import { Copy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '#shared/auth';
import { button } from '../../../../lib/ui';
import { copyText } from '../../../../lib/clipboard';

/** The key in groups of four, as authenticator apps show and accept it. */
export const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The QR code to scan, and the same key to type in for an app that cannot scan. */
export function SetupKey({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // It replaces the password form that had the focus: the instructions are read first.
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="flex flex-col items-center gap-4 focus:outline-none sm:flex-row sm:items-start"
    >
      <img
        src={setup.qr_code}
        alt={t('admin.twoFactor.qrAlt')}
        width={176}
        height={176}
        className="h-44 w-44 shrink-0 rounded-md border border-slate-200 bg-white"
      />
      <div className="min-w-0 space-y-2 text-sm text-slate-700">
        <p>{t('admin.twoFactor.scan')}</p>
        <p>{t('admin.twoFactor.manual')}</p>
        <div>
          <p className="font-medium text-slate-900">{t('admin.twoFactor.keyLabel')}</p>
          <p
            data-testid="two-factor-key"
            className="mt-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-base break-all text-slate-900 select-all"
          >
            {groupKey(setup.secret)}
          </p>
        </div>
        <button
          type="button"
          className={button.secondary}
          onClick={() => void copyText(setup.secret, t)}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t('admin.twoFactor.copyKey')}
        </button>
      </div>
    </div>
  );
}
