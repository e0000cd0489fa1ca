import type { LucideIcon } from 'lucide-react';
import { useEffect, useId, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#shared/media';
import { errorMessage } from '../../../../common/api';
import { Spinner } from '../../../components/Spinner';
import { button } from '../../../lib/ui';
import { useUploadMedia } from '../api/media.queries';

type Props = {
  /** `data-testid` of the zone. */
  testId: string;
  /** The types the file picker offers (the server judges the file either way). */
  accept: string;
  /** What may be dropped or picked; it describes the file picker too. */
  hint: ReactNode;
  icon: LucideIcon;
  pickLabel: string;
  /**
   * Told each file the library took. A text answered is shown as the
   * problem (a picture was wanted and a document came).
   */
  onUploaded: (item: MediaItem) => string | void;
  /**
   * Told `true` as an upload starts and `false` once it is over (or the zone
   * goes meanwhile): a form waits for it before saving.
   */
  onPending?: (pending: boolean) => void;
  /** `roomy` on the Media page, `compact` inside a form. */
  size?: 'roomy' | 'compact';
  /** More beside the picker (another way to choose a file). */
  children?: ReactNode;
};

const sizes = {
  roomy: { zone: 'rounded-lg py-4', row: 'mt-3' },
  compact: { zone: 'rounded-md py-3', row: 'mt-2' },
};

/**
 * A file dropped here or picked is uploaded to the media library, one at a
 * time (while one goes up, the picker is off and a drop is not taken); a
 * refusal shows the server's translated reason here.
 */
export function DropZone({
  testId,
  accept,
  hint,
  icon: Icon,
  pickLabel,
  onUploaded,
  onPending,
  size = 'roomy',
  children,
}: Props) {
  const { t } = useTranslation();
  const upload = useUploadMedia();
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const pending = upload.isPending;
  useEffect(() => {
    if (!pending || !onPending) return;
    onPending(true);
    return () => onPending(false);
  }, [pending, onPending]);

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (item) => setProblem(onUploaded(item) ?? null),
      onError: (error) => setProblem(errorMessage(error, t, 'admin.media.uploadFailed')),
    });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <div
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`border-2 border-dashed px-4 text-sm ${sizes[size].zone} ${
        over ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-slate-50'
      }`}
    >
      <p id={hintId} className="text-slate-700">
        {hint}
      </p>
      <div className={`${sizes[size].row} flex flex-wrap items-center gap-2`}>
        <label htmlFor={inputId} className={`${button.secondary} cursor-pointer`}>
          {upload.isPending ? (
            <Spinner className="h-4 w-4" />
          ) : (
            <Icon aria-hidden="true" className="h-4 w-4" />
          )}
          {upload.isPending ? t('admin.media.uploading') : pickLabel}
        </label>
        <input
          id={inputId}
          type="file"
          accept={accept}
          aria-describedby={hintId}
          className="sr-only"
          disabled={upload.isPending}
          onChange={(e) => {
            send(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {children}
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
