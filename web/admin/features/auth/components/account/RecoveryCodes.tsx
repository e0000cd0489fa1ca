import { Copy, Download, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '#shared/languages';
import { button } from '../../../../lib/ui';
import { copyText } from '../../../../lib/clipboard';
import { saveFile } from '../../../../lib/save-file';

type Props = {
  codes: string[];
  username: string;
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
  /** The admin tried to close before confirming that the codes are stored. */
  unconfirmed: boolean;
  onDone: () => void;
};

/** The codes as a text file to keep: what they are, for whom, one per line. */
export function recoveryFile(codes: string[], username: string, t: Translate): string {
  return `${t('admin.twoFactor.fileTitle', { username })}\n${t('admin.twoFactor.fileHint')}\n\n${codes.join('\n')}\n`;
}

/**
 * The recovery codes, shown this once: copy, download as .txt, and a
 * confirmation that they are stored before the dialog may close.
 */
export function RecoveryCodes({
  codes,
  username,
  saved,
  onSavedChange,
  unconfirmed,
  onDone,
}: Props) {
  const { t } = useTranslation();
  const warning = useRef<HTMLDivElement>(null);
  // The codes replace the form that had the focus: the warning is read first.
  useEffect(() => warning.current?.focus(), []);
  const text = recoveryFile(codes, username, t);

  return (
    <div className="space-y-4 px-6 py-5">
      <div
        ref={warning}
        tabIndex={-1}
        className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 focus:outline-none"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <div>
          <p className="font-semibold">{t('admin.twoFactor.storeNow')}</p>
          <p className="mt-1">{t('admin.twoFactor.storeHint')}</p>
        </div>
      </div>
      <ol
        aria-label={t('admin.twoFactor.codesLabel')}
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-slate-100 p-4 font-mono text-base text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button.secondary} onClick={() => void copyText(text, t)}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t('admin.twoFactor.copyCodes')}
        </button>
        <button
          type="button"
          className={button.secondary}
          onClick={() =>
            saveFile(
              new Blob([text], { type: 'text/plain;charset=utf-8' }),
              `recovery-codes-${username}.txt`,
            )
          }
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {t('admin.twoFactor.downloadCodes')}
        </button>
      </div>
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            id="recovery-saved"
            type="checkbox"
            checked={saved}
            onChange={(e) => onSavedChange(e.target.checked)}
            aria-invalid={unconfirmed && !saved ? true : undefined}
            aria-describedby={unconfirmed && !saved ? 'recovery-saved-error' : undefined}
            className="mt-0.5 h-4 w-4 rounded border-slate-400"
          />
          {t('admin.twoFactor.savedConfirm')}
        </label>
        {unconfirmed && !saved && (
          <p id="recovery-saved-error" className="mt-1 text-sm text-red-700">
            {t('admin.twoFactor.savedRequired')}
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <button type="button" className={button.primary} onClick={onDone}>
          {t('admin.twoFactor.done')}
        </button>
      </div>
    </div>
  );
}
