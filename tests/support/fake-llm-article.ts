/**
 * The article the fake language model writes: shaped like a good model's
 * answer, in the language and category the system prompt asks for.
 */

export type FakeArticle = {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  slug: string;
  image_url: string | null;
};

const TEXT = {
  en: {
    title: (topic: string) => `${topic}: what it means for industrial operations`,
    excerpt:
      'How AI-driven software and robotics turn this development into measurable gains on the shop floor.',
    intro: 'Manufacturers are under pressure to raise output without adding risk.',
    why: 'Why it matters',
    next: 'Next steps',
    points: [
      'Less unplanned downtime',
      'Consistent quality at every shift',
      'Faster ramp-up of new lines',
    ],
    close: 'Talk to our engineers about a pilot in your plant.',
  },
  pt: {
    title: (topic: string) => `${topic}: o que significa para as operações industriais`,
    excerpt:
      'Como o software de IA e a robótica transformam esta novidade em ganhos mensuráveis na fábrica.',
    intro: 'Os fabricantes precisam de produzir mais sem aumentar o risco.',
    why: 'Porque é importante',
    next: 'Próximos passos',
    points: [
      'Menos paragens não planeadas',
      'Qualidade constante em todos os turnos',
      'Arranque mais rápido de novas linhas',
    ],
    close: 'Fale com os nossos engenheiros sobre um projeto-piloto na sua fábrica.',
  },
  de: {
    title: (topic: string) => `${topic}: Was das für die industrielle Fertigung bedeutet`,
    excerpt:
      'Wie KI-Software und Robotik diese Entwicklung in messbare Vorteile in der Produktion verwandeln.',
    intro: 'Hersteller müssen mehr produzieren, ohne zusätzliche Risiken einzugehen.',
    why: 'Warum das wichtig ist',
    next: 'Nächste Schritte',
    points: [
      'Weniger ungeplante Stillstände',
      'Gleichbleibende Qualität in jeder Schicht',
      'Schnellerer Anlauf neuer Linien',
    ],
    close: 'Sprechen Sie mit unseren Ingenieuren über ein Pilotprojekt in Ihrem Werk.',
  },
} as const;

/** The language the system prompt asks for, judged by the name it uses. */
function languageOf(system: string): keyof typeof TEXT {
  if (/Portuguese/i.test(system)) return 'pt';
  if (/German/i.test(system)) return 'de';
  return 'en';
}

function categoryOf(system: string): string {
  return /The category is "([^"]+)"/.exec(system)?.[1] ?? 'Technology';
}

/** A topic line from the admin's description, without the test markers. */
function topicOf(prompt: string): string {
  const clean = prompt
    .replace(/\[\[[^\]]*\]\]/g, '')
    .replace(/^Write a news article about the following:\s*/i, '')
    .trim()
    .split(/[.\n]/)[0]!
    .trim();
  const topic = clean.length > 0 ? clean.slice(0, 80) : 'A new robotic welding cell';
  return topic.charAt(0).toUpperCase() + topic.slice(1);
}

/** A short slug from the topic, as a model would suggest it. */
function slugOf(topic: string): string {
  const words = topic
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.slice(0, 8).join('-') || 'industrial-news';
}

export function fakeArticle(system: string, prompt: string): FakeArticle {
  const t = TEXT[languageOf(system)];
  const title = t.title(topicOf(prompt));
  const content = [
    t.intro,
    `## ${t.why}`,
    t.points.map((p) => `- ${p}`).join('\n'),
    `## ${t.next}`,
    t.close,
  ].join('\n\n');
  return {
    title,
    excerpt: t.excerpt,
    content,
    category: categoryOf(system),
    slug: slugOf(topicOf(prompt)),
    image_url: 'https://images.unsplash.com/photo-1565043666747-69f6646db940?w=1200',
  };
}
