import { FlaskConical, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../common/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { button } from '../../../lib/ui';
import { useRemoveDemoContent, type DemoArticles } from '../api/demo.queries';

type Props = { demo: DemoArticles['articles']; readOnly: boolean };

/**
 * Says that the demo articles of the first start are still on the site
 * (each is marked "Demo" in the list) and removes them all, after a
 * confirmation, for a role that may.
 */
export function DemoNotice({ demo, readOnly }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const remove = useRemoveDemoContent();
  if (demo.length === 0) return null;
  return (
    <div
      role="note"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <FlaskConical aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {t('admin.demo.notice', { count: demo.length })}
      </p>
      {!readOnly && (
        <button type="button" className={button.secondary} onClick={() => setAsking(true)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('admin.demo.remove')}
        </button>
      )}
      {asking && (
        <ConfirmDialog
          message={t('admin.demo.confirm', { count: demo.length })}
          confirmLabel={t('admin.demo.removeConfirm', { count: demo.length })}
          busy={remove.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: ({ removed }) => {
                setAsking(false);
                toast.success(t('admin.demo.removed', { count: removed }));
              },
              onError: (error) => toast.failure(t, error, 'admin.demo.removeFailed'),
            })
          }
        />
      )}
    </div>
  );
}
