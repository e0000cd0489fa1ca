import { useTranslation } from 'react-i18next';
import { toast } from '../../../../../common/toast';
import { Modal } from '../../../../components/Modal';
import { useDisableTwoFactor } from '../../api/account.queries';
import { ProofForm } from './ProofForm';

/** Turning two-factor sign-in off: the password and a code (from the app, or a recovery code). */
export function TwoFactorOffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();

  return (
    <Modal
      title={t('admin.twoFactor.offTitle')}
      description={t('admin.twoFactor.offIntro')}
      onClose={onClose}
      size="sm"
      busy={disable.isPending}
    >
      <ProofForm
        id="two-factor-off"
        submitLabel={t('admin.twoFactor.turnOff')}
        danger
        busy={disable.isPending}
        failureKey="admin.twoFactor.disableFailed"
        onCancel={onClose}
        onProof={(proof, refused) =>
          disable.mutate(proof, {
            onSuccess: () => {
              toast.success(t('admin.twoFactor.turnedOff'));
              onClose();
            },
            onError: refused,
          })
        }
      />
    </Modal>
  );
}
