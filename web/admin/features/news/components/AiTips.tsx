import { Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const TIPS = ['specific', 'facts', 'audience', 'review'] as const;

export function AiTips() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="ai-tips-title"
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <h3 id="ai-tips-title" className="flex items-center gap-1.5 font-semibold">
        <Lightbulb aria-hidden="true" className="h-4 w-4" />
        {t('admin.ai.tipsTitle')}
      </h3>
      <ul className="mt-1.5 list-disc space-y-0.5 pl-5">
        {TIPS.map((tip) => (
          <li key={tip}>{t(`admin.ai.tips.${tip}`)}</li>
        ))}
      </ul>
    </section>
  );
}
