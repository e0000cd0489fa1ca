import { Upload } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE, MEDIA_TYPES, VIDEO_TYPES } from '#shared/media';
import { errorMessage } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { Spinner } from '../../../components/Spinner';
import { button } from '../../../lib/ui';
import { useMediaLimits, useUploadMedia } from '../api/media.queries';
import { fileSize } from './MediaCard';

const ACCEPT = [...MEDIA_TYPES, DOCUMENT_TYPE, ...VIDEO_TYPES].join(',');

/**
 * Adds any file the library takes (pictures, PDF documents, MP4 and WebM
 * videos), dropped here or picked, and says the largest of each kind; the
 * server judges the file and a refusal shows its reason here.
 */
export function FileUpload() {
  const { t } = useTranslation();
  const upload = useUploadMedia();
  const limits = useMediaLimits().data;
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (item) => toast.success(t('admin.media.uploaded', { name: item.name })),
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
      data-testid="file-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`rounded-lg border-2 border-dashed px-4 py-4 text-sm ${
        over ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-slate-50'
      }`}
    >
      <p id={hintId} className="text-slate-700">
        {t('admin.media.fileHint')}
        {limits && (
          <span className="block text-xs text-slate-600">
            {t('admin.media.limits', {
              image: fileSize(limits.image),
              document: fileSize(limits.document),
              video: fileSize(limits.video),
            })}
          </span>
        )}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className={`${button.secondary} cursor-pointer`}>
          {upload.isPending ? (
            <Spinner className="h-4 w-4" />
          ) : (
            <Upload aria-hidden="true" className="h-4 w-4" />
          )}
          {upload.isPending ? t('admin.media.uploading') : t('admin.media.pickFile')}
        </label>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          aria-describedby={hintId}
          className="sr-only"
          disabled={upload.isPending}
          onChange={(e) => {
            send(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
