import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { input } from '../../../lib/ui';

/** A password field with a show/hide toggle that says what it will do. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`${input} pr-11`} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800"
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">
          {visible ? t('login.hidePassword') : t('login.showPassword')}
        </span>
      </button>
    </div>
  );
}
