import { ImagePlus, Images } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isImageType, MEDIA_TYPES } from '#shared/media';
import { errorMessage } from '../../../../common/api';
import { Spinner } from '../../../components/Spinner';
import { button } from '../../../lib/ui';
import { useUploadMedia } from '../api/media.queries';
import { MediaLibrary } from './MediaLibrary';

type Props = {
  /** Told the address of the uploaded or chosen image (an article's `image_url`). */
  onImage: (url: string) => void;
  /** Names of the two buttons where a form has more than one upload (the social image's). */
  labels?: { pick: string; library: string };
};

/**
 * Upload an image by dropping it here or picking a file, or reuse one from
 * the media library. The server judges the file (type by content, size); a
 * refusal shows its own translated reason here.
 */
export function ImageUpload({ onImage, labels }: Props) {
  const { t } = useTranslation();
  const upload = useUploadMedia();
  const libraryButton = useRef<HTMLButtonElement>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const inputId = useId();

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setProblem(null);
    upload.mutate(file, {
      // A document or video dropped here is kept in the library, but is no picture.
      onSuccess: (item) =>
        isImageType(item.type) ? onImage(item.url) : setProblem(t('admin.media.notAnImage')),
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
      data-testid="image-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`rounded-md border-2 border-dashed px-4 py-3 text-sm ${
        over ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-slate-50'
      }`}
    >
      <p className="text-slate-700">{t('admin.media.dropHint')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className={`${button.secondary} cursor-pointer`}>
          {upload.isPending ? (
            <Spinner className="h-4 w-4" />
          ) : (
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
          )}
          {upload.isPending ? t('admin.media.uploading') : (labels?.pick ?? t('admin.media.pick'))}
        </label>
        <input
          id={inputId}
          type="file"
          accept={MEDIA_TYPES.join(',')}
          className="sr-only"
          disabled={upload.isPending}
          onChange={(e) => {
            send(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button
          ref={libraryButton}
          type="button"
          className={button.secondary}
          onClick={() => setLibraryOpen(true)}
        >
          <Images aria-hidden="true" className="h-4 w-4" />
          {labels?.library ?? t('admin.media.library')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {libraryOpen && (
        <MediaLibrary
          returnFocusTo={libraryButton}
          onClose={() => setLibraryOpen(false)}
          onPick={(url) => {
            onImage(url);
            setLibraryOpen(false);
          }}
        />
      )}
    </div>
  );
}
