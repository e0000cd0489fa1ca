import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '#shared/auth';
import { ApiError } from '../../../../../common/api';
import { toast } from '../../../../../common/toast';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { Modal } from '../../../../components/Modal';
import {
  useConfirmMove,
  useStartMove,
  useTwoFactorStatusQuery,
  type TwoFactorMoveProof,
} from '../../api/account.queries';
import { NewKeyForm } from './NewKeyForm';
import { ProofForm } from './ProofForm';
import { RecoveryCodes } from './RecoveryCodes';

type Stage =
  { name: 'proof' } | { name: 'scan'; setup: TwoFactorSetup } | { name: 'codes'; codes: string[] };

const STEP = { proof: 1, scan: 2, codes: 3 } as const;

/**
 * Moving two-factor sign-in to a new device (a lost or replaced phone):
 * the password and a code (a recovery code, when the phone is gone), then
 * the new key confirmed with a code from the new app, then a new set of
 * recovery codes. The old key keeps working until the new one is
 * confirmed, so two-factor sign-in is never off in between. Closing while
 * the new key is shown asks first: the key is not shown again unless the
 * move is started again. Within a while, this session gets the same key
 * for the password alone: the status says so (`move_pending`), and the
 * first step then asks for no code (the phone may be gone).
 */
export function TwoFactorMoveDialog({
  username,
  onClose,
}: {
  username: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartMove();
  const confirm = useConfirmMove();
  // Asked again as the dialog opens: whether this session's move may be reopened.
  const again = useTwoFactorStatusQuery().data?.move_pending === true;
  const [stage, setStage] = useState<Stage>({ name: 'proof' });
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const close = () => {
    if (stage.name === 'scan') return setLeaving(true);
    if (stage.name !== 'codes' || saved) return onClose();
    setUnconfirmed(true);
    document.getElementById('recovery-saved')?.focus();
  };

  const startMove = (proof: TwoFactorMoveProof, refused: (error: unknown) => void) =>
    start.mutate(proof, {
      onSuccess: (setup) => {
        setError(undefined);
        setStage({ name: 'scan', setup });
      },
      onError: refused,
    });

  const confirmCode = (code: string) =>
    confirm.mutate(code, {
      onSuccess: (codes) => {
        setError(undefined);
        setStage({ name: 'codes', codes });
        toast.success(t('admin.twoFactor.moved'));
      },
      onError: (e) => {
        toast.failure(t, e, 'admin.twoFactor.moveFailed');
        // The new key was forgotten (finished or turned off elsewhere): start again.
        if (e instanceof ApiError && e.status === 409) return setStage({ name: 'proof' });
        setError(e instanceof ApiError && !e.key ? e.message : t('admin.twoFactor.moveFailed'));
      },
    });

  const busy = start.isPending || confirm.isPending;
  return (
    <>
      <Modal
        title={t('admin.twoFactor.moveTitle')}
        description={t('admin.twoFactor.step', { step: STEP[stage.name], steps: 3 })}
        onClose={close}
        busy={busy}
      >
        {stage.name === 'proof' && (
          <ProofForm
            id="two-factor-move"
            intro={
              <p className="text-sm text-slate-700">
                {t(again ? 'admin.twoFactor.moveAgainIntro' : 'admin.twoFactor.moveIntro')}
              </p>
            }
            submitLabel={t('admin.twoFactor.continue')}
            busy={busy}
            failureKey="admin.twoFactor.moveFailed"
            onCancel={close}
            onProof={startMove}
            onPassword={again ? (password, refused) => startMove({ password }, refused) : undefined}
          />
        )}
        {stage.name === 'scan' && (
          <NewKeyForm
            setup={stage.setup}
            submitLabel={t('admin.twoFactor.moveConfirm')}
            busy={busy}
            error={error}
            onErrorChange={setError}
            onCancel={close}
            onCode={confirmCode}
          />
        )}
        {stage.name === 'codes' && (
          <RecoveryCodes
            codes={stage.codes}
            username={username}
            saved={saved}
            onSavedChange={setSaved}
            unconfirmed={unconfirmed}
            onDone={close}
          />
        )}
      </Modal>
      {leaving && (
        <ConfirmDialog
          message={t('admin.twoFactor.moveLeaveMessage')}
          confirmLabel={t('admin.twoFactor.moveLeave')}
          cancelLabel={t('admin.twoFactor.moveStay')}
          onCancel={() => setLeaving(false)}
          onConfirm={onClose}
        />
      )}
    </>
  );
}
