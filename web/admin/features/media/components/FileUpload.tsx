import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE, MEDIA_TYPES, VIDEO_TYPES } from '#shared/media';
import { uploadAccept } from '#shared/upload-names';
import { toast } from '../../../../common/toast';
import { useMediaLimits } from '../api/media.queries';
import { DropZone } from './DropZone';
import { fileSize } from './MediaCard';

/** Every type the library takes, under each of its names and extensions (an .m4v too). */
const ACCEPT = uploadAccept([...MEDIA_TYPES, DOCUMENT_TYPE, ...VIDEO_TYPES]);

/**
 * Adds any file the library takes (pictures, PDF documents, MP4 and WebM
 * videos), dropped here or picked, and says the largest of each kind; the
 * server judges the file and a refusal shows its reason here.
 */
export function FileUpload() {
  const { t } = useTranslation();
  const limits = useMediaLimits().data;

  return (
    <DropZone
      testId="file-drop-zone"
      accept={ACCEPT}
      icon={Upload}
      pickLabel={t('admin.media.pickFile')}
      onUploaded={(item) => {
        toast.success(t('admin.media.uploaded', { name: item.name }));
      }}
      hint={
        <>
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
        </>
      }
    />
  );
}
