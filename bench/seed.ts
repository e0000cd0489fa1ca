/**
 * Fills the benchmark's database through the real API: 60 published
 * articles of realistic length, every other one with Portuguese and German
 * versions, beside the demo articles.
 */
const TOPICS = [
  ['Predictive maintenance', 'research'],
  ['Collaborative welding cells', 'robotics'],
  ['Vision inspection at line speed', 'ai-innovation'],
  ['A new partner in Braga', 'partnership'],
  ['Digital twins for retrofits', 'technology'],
  ['Energy data from the shop floor', 'industry'],
] as const;

function article(n: number) {
  const [topic, category] = TOPICS[n % TOPICS.length]!;
  const paragraphs = Array.from(
    { length: 6 },
    (_, i) =>
      `Paragraph ${i + 1} on ${topic.toLowerCase()}: engineers measured cycle times, scrap rates ` +
      `and changeover losses on three lines before and after the rollout, and the operators ` +
      `kept their say in every step. [Read the case study](https://example.com/case-${n}-${i}).`,
  );
  return {
    title: `${topic}: field report ${n}`,
    excerpt: `What we learned from ${topic.toLowerCase()} in plant ${n}, in numbers and in practice.`,
    content: `## What changed\n\n${paragraphs.join('\n\n')}\n\n- Fewer stops\n- Less scrap\n- Safer cells\n`,
    category,
    slug: `field-report-${n}`,
    published: true,
    ...(n % 2 === 0
      ? {
          translations: {
            pt: {
              title: `${topic}: relatório de campo ${n}`,
              excerpt: `O que aprendemos na fábrica ${n}, em números e na prática.`,
              content: `## O que mudou\n\n${paragraphs.join('\n\n')}`,
            },
            de: {
              title: `${topic}: Praxisbericht ${n}`,
              excerpt: `Was wir in Werk ${n} gelernt haben, in Zahlen und in der Praxis.`,
              content: `## Was sich geändert hat\n\n${paragraphs.join('\n\n')}`,
            },
          },
        }
      : {}),
  };
}

export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };

export async function seedArticles(base: string, count = 60): Promise<void> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`bench admin could not sign in (${login.status})`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  for (let n = 1; n <= count; n++) {
    const res = await fetch(`${base}/api/news`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(article(n)),
    });
    if (res.status !== 201) throw new Error(`article ${n}: ${res.status} ${await res.text()}`);
  }
}
