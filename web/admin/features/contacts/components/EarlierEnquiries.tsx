import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { EarlierEnquiry } from '#shared/contact';
import { formatDateTime } from '#shared/date-time';
import { pickLanguage, type Translate } from '#shared/languages';
import { CONTACT_PARAM } from '../hooks/useRevealContact';

/** Where an earlier enquiry stands: who handles it and whether it was answered. */
function stateOf(earlier: EarlierEnquiry, t: Translate): string {
  const { owner, replied } = earlier;
  if (owner)
    return t(replied ? 'admin.contacts.earlier.handledReplied' : 'admin.contacts.earlier.handled', {
      owner,
    });
  return replied ? t('admin.contacts.earlier.replied') : t('admin.contacts.earlier.open');
}

/**
 * The visitor's earlier enquiries (same address, not spam; newest first),
 * each a link that brings its card into view, the filters on screen kept
 * ("Also wrote on 03/12/2026, 10:00 (handled by Sara, replied)"). Nothing
 * when there are none. Nobody is assigned by it: who takes a follow-up is
 * the team's call.
 */
export function EarlierEnquiries({ earlier }: { earlier: EarlierEnquiry[] | undefined }) {
  return earlier?.length ? <EarlierList earlier={earlier} /> : null;
}

/** The list itself: its links keep the address's other parameters. */
function EarlierList({ earlier }: { earlier: EarlierEnquiry[] }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const language = pickLanguage(i18n.language);
  const linkTo = (id: number) => {
    const next = new URLSearchParams(params);
    next.set(CONTACT_PARAM, String(id));
    return { search: `?${next}` };
  };
  return (
    <ul
      aria-label={t('admin.contacts.earlier.label')}
      data-testid="earlier-enquiries"
      className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      {earlier.map((e) => (
        <li key={e.id} className="flex items-start gap-2">
          <History aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <Link to={linkTo(e.id)} className="underline underline-offset-2 hover:no-underline">
            {t('admin.contacts.earlier.wrote', {
              date: formatDateTime(e.created_at, language),
              state: stateOf(e, t),
            })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
