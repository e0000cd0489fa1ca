import { useTranslation } from 'react-i18next';
import { PAGE_NAVS, type PageNav } from '#shared/pages';
import { Field, fieldAria } from '../../../components/Field';
import { input } from '../../../lib/ui';

type Props = { value: PageNav; error?: string; onChange: (value: PageNav) => void };

/** Where a page is linked from: the header (and mobile menu), the footer, or neither. */
export function NavField({ value, error, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Field
      id="page-nav"
      label={t('admin.pages.navLabel')}
      hint={t('admin.pages.navHint')}
      error={error}
    >
      <select
        {...fieldAria('page-nav', { hint: true, error })}
        name="nav"
        value={value}
        onChange={(e) => onChange(e.target.value as PageNav)}
        className={`${input} w-auto`}
      >
        {PAGE_NAVS.map((nav) => (
          <option key={nav} value={nav}>
            {t(`admin.pages.nav.${nav}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}
