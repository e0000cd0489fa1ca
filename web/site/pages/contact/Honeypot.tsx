import { useTranslation } from 'react-i18next';
import { CONTACT_HONEYPOT_FIELD } from '#shared/contact';

/**
 * The field only bots fill in: off-screen, out of the tab order and hidden
 * from assistive technology, so people never meet it.
 */
export function Honeypot({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{t('contact.form.honeypot')}</label>
      <input
        id={id}
        name={CONTACT_HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
