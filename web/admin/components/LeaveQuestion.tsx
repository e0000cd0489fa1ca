import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

type Props = { onStay: () => void; onLeave: () => void };

/** "Leave without saving?" before moving away from unsaved work; Stay has the focus. */
export function LeaveQuestion({ onStay, onLeave }: Props) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      message={t('admin.leave.message')}
      confirmLabel={t('admin.leave.leave')}
      cancelLabel={t('admin.leave.stay')}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
