/**
 * The reply the fake language model drafts to an enquiry: a fixed body in
 * the language the prompt asks for, which names the first internal note it
 * was given (so tests can see the notes reached the model). Test support,
 * not a writer.
 */

type Target = 'en' | 'pt' | 'de';

const NAMES: [RegExp, Target][] = [
  [/in European Portuguese/i, 'pt'],
  [/in German/i, 'de'],
  [/in English/i, 'en'],
];

const BODY: Record<Target, string> = {
  en: 'Thank you for your enquiry. We would be glad to prepare an offer for you.',
  pt: 'Obrigado pelo seu pedido de contacto. Teremos todo o gosto em preparar-lhe uma proposta.',
  de: 'Vielen Dank für Ihre Anfrage. Gerne erstellen wir Ihnen ein Angebot.',
};

const NOTE: Record<Target, string> = {
  en: 'As agreed:',
  pt: 'Conforme combinado:',
  de: 'Wie besprochen:',
};

/** The language of a reply-drafting request, judged by its system prompt; null for anything else. */
export function replyTarget(system: string): Target | null {
  if (!/You draft replies to enquiries/.test(system)) return null;
  return NAMES.find(([pattern]) => pattern.test(system))?.[1] ?? null;
}

export function fakeReply(user: string, target: Target): { message: string } {
  let notes: unknown[] = [];
  try {
    const brief = JSON.parse(user.slice(user.indexOf('{'))) as { internal_notes?: unknown[] };
    notes = Array.isArray(brief.internal_notes) ? brief.internal_notes : [];
  } catch {
    // No brief: no notes.
  }
  const note = typeof notes[0] === 'string' ? `\n\n${NOTE[target]} ${notes[0]}` : '';
  return { message: `${BODY[target]}${note}` };
}
