import { ImagePlus, Images } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isImageType, MEDIA_TYPES } from '#shared/media';
import { uploadAccept } from '#shared/upload-names';
import { button } from '../../../lib/ui';
import { DropZone } from './DropZone';
import { MediaLibrary } from './MediaLibrary';

type Props = {
  /** Told the address of the uploaded or chosen image (an article's `image_url`). */
  onImage: (url: string) => void;
  /** Names of the two buttons where a form has more than one upload (the social image's). */
  labels?: { pick: string; library: string };
  /** Told when an upload starts (`true`) and is over (`false`). */
  onPending?: (pending: boolean) => void;
};

/**
 * Upload an image by dropping it here or picking a file, or reuse one from
 * the media library. The server judges the file (type by content, size); a
 * refusal shows its own translated reason here.
 */
export function ImageUpload({ onImage, labels, onPending }: Props) {
  const { t } = useTranslation();
  const libraryButton = useRef<HTMLButtonElement>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);

  return (
    <DropZone
      testId="image-drop-zone"
      size="compact"
      accept={uploadAccept(MEDIA_TYPES)}
      hint={t('admin.media.dropHint')}
      icon={ImagePlus}
      pickLabel={labels?.pick ?? t('admin.media.pick')}
      onPending={onPending}
      // A document or video dropped here is kept in the library, but is no picture.
      onUploaded={(item) => {
        if (!isImageType(item.type)) return t('admin.media.notAnImage');
        onImage(item.url);
      }}
    >
      <button
        ref={libraryButton}
        type="button"
        className={button.secondary}
        onClick={() => setLibraryOpen(true)}
      >
        <Images aria-hidden="true" className="h-4 w-4" />
        {labels?.library ?? t('admin.media.library')}
      </button>
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
    </DropZone>
  );
}
