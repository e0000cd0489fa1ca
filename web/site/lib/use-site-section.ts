import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '#shared/languages';
import { loadSection, withSection } from '../../common/i18n';

/**
 * True once the page's i18n instance holds `section` in the language shown:
 * a page the server rendered has it embedded, one reached by client-side
 * navigation had it fetched by its route (routes.tsx), and after a switch
 * back to the page's first language it is fetched here. A section that
 * cannot be fetched shows as its keys rather than hold the page back.
 */
export function useSiteSection(section: string): boolean {
  const { i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  const [failed, setFailed] = useState<string>();
  const [, setFetched] = useState(0);
  const ready = withSection(i18n, section) || failed === language;
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadSection(language, section).then(
      () => live && setFetched((n) => n + 1),
      () => live && setFailed(language),
    );
    return () => {
      live = false;
    };
  }, [ready, language, section]);
  return ready;
}
