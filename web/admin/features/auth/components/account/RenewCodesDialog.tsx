import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../../common/toast';
import { Modal } from '../../../../components/Modal';
import { useRenewRecoveryCodes } from '../../api/account.queries';
import { ProofForm } from './ProofForm';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * A new set of recovery codes: the password and a code, then the codes,
 * shown once as at setup; the old ones stop working.
 */
export function RenewCodesDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);

  const close = () => {
    if (!codes || saved) return onClose();
    setUnconfirmed(true);
    document.getElementById('recovery-saved')?.focus();
  };

  return (
    <Modal
      title={t('admin.twoFactor.renewTitle')}
      description={t('admin.twoFactor.step', { step: codes ? 2 : 1, steps: 2 })}
      onClose={close}
      busy={renew.isPending}
    >
      {codes ? (
        <RecoveryCodes
          codes={codes}
          username={username}
          saved={saved}
          onSavedChange={setSaved}
          unconfirmed={unconfirmed}
          onDone={close}
        />
      ) : (
        <ProofForm
          id="two-factor-renew"
          intro={<p className="text-sm text-slate-700">{t('admin.twoFactor.renewIntro')}</p>}
          submitLabel={t('admin.twoFactor.renewSubmit')}
          busy={renew.isPending}
          failureKey="admin.twoFactor.renewFailed"
          onCancel={close}
          onProof={(proof, refused) =>
            renew.mutate(proof, {
              onSuccess: (fresh) => {
                setCodes(fresh);
                toast.success(t('admin.twoFactor.renewed'));
              },
              onError: refused,
            })
          }
        />
      )}
    </Modal>
  );
}
