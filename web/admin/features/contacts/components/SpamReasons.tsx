import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SpamReason } from '#shared/contact';
import { countLinks } from '#shared/links';

/**
 * Why the enquiry was filed as spam, in the admin's language (`spam.reasons.*`).
 * `links` fires for a single link too (with other signs), so it says how many
 * the message holds, counted as the spam check counts them.
 */
export function SpamReasons({
  reasons,
  message,
}: {
  reasons: readonly SpamReason[];
  message: string;
}) {
  const { t } = useTranslation();
  const links = countLinks(message);
  const reasonText = (reason: SpamReason) =>
    reason === 'links' && links > 0
      ? t('spam.reasons.linkCount', { count: links })
      : t(`spam.reasons.${reason}`);
  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="flex items-center gap-1.5 font-medium">
        <ShieldAlert aria-hidden="true" className="h-4 w-4" />
        {reasons.length > 0 ? t('admin.contacts.spamWhy') : t('admin.contacts.spamByHand')}
      </p>
      {reasons.length > 0 && (
        <ul className="mt-1 list-disc pl-6">
          {reasons.map((reason) => (
            <li key={reason}>{reasonText(reason)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
