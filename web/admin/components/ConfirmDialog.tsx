import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../lib/ui';
import { Modal } from './Modal';
import { Spinner } from './Spinner';

type Props = {
  message: string;
  confirmLabel: string;
  /** What backing out means here; 'Cancel' unless given. */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where the focus goes once the dialog closes, read then; what had it before when empty. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/** Asks before a destructive action; Cancel has the focus so Enter never deletes by accident. */
export function ConfirmDialog({
  message,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
  returnFocusTo,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('admin.common.confirmTitle')}
      description={message}
      onClose={onCancel}
      size="sm"
      role="alertdialog"
      busy={busy}
      returnFocusTo={returnFocusTo}
    >
      <div className="flex justify-end gap-3 px-6 py-4">
        <button
          type="button"
          data-autofocus
          className={button.secondary}
          onClick={onCancel}
          disabled={busy}
        >
          {cancelLabel ?? t('admin.common.cancel')}
        </button>
        <button type="button" className={button.danger} onClick={onConfirm} disabled={busy}>
          {busy && <Spinner className="h-4 w-4" />}
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
