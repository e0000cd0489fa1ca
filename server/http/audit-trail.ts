import type { Request, RequestHandler } from 'express';
import type { AuditAction } from '#shared/audit';
import type { AuditRecord, AuditService, AuditWho } from '../features/audit/audit.service';
import { clientIp } from './rate-limits';

/** Who is making this request, for the audit trail. */
export function requestWho(req: Request): AuditWho {
  const user = req.session?.user;
  return { actor: user ? { id: user.id, username: user.username } : null, ip: clientIp(req) };
}

type Data = Record<string, unknown> | undefined;

/** One audited kind of call: which method and path (relative to the router), and what it did. */
export type AuditRule = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  path: RegExp;
  describe(req: Request, data: Data): AuditRecord | null;
};

const idFromPath = (req: Request) => /\/(\d+)(?:\/|$)/.exec(req.path)?.[1];
const onlyKeys = (body: unknown, keys: string[]) =>
  typeof body === 'object' &&
  body !== null &&
  Object.keys(body).length > 0 &&
  Object.keys(body).every((k) => keys.includes(k));
const flag = (value: unknown, yes: AuditAction, no: AuditAction) => (value === false ? no : yes);
const title = (data: Data) => (typeof data?.title === 'string' ? data.title : undefined);

/** Writes of articles (`/api/news`) or pages (`/api/pages`): created, updated, (un)published, deleted. */
function documentAudit(kind: 'article' | 'page'): AuditRule[] {
  return [
    {
      method: 'POST',
      path: /^\/$/,
      describe: (_req, data) => ({
        action: `${kind}.created`,
        target_type: kind,
        target_id: data?.id as number,
        summary: title(data),
      }),
    },
    {
      method: 'PUT',
      path: /^\/\d+$/,
      describe: (req, data) => ({
        action: onlyKeys(req.body, ['published'])
          ? flag(
              (req.body as { published?: unknown }).published,
              `${kind}.published`,
              `${kind}.unpublished`,
            )
          : `${kind}.updated`,
        target_type: kind,
        target_id: idFromPath(req),
        summary: title(data),
      }),
    },
    {
      method: 'DELETE',
      path: /^\/\d+$/,
      describe: (req) => ({
        action: `${kind}.deleted`,
        target_type: kind,
        target_id: idFromPath(req),
      }),
    },
  ];
}

/** Article writes (`/api/news`). */
export const NEWS_AUDIT: AuditRule[] = documentAudit('article');

/** Page writes (`/api/pages`), and a new order of the menus. */
export const PAGES_AUDIT: AuditRule[] = [
  ...documentAudit('page'),
  { method: 'PUT', path: /^\/order$/, describe: () => ({ action: 'page.reordered' }) },
];

/** Enquiry changes and exports (`/api/contacts`); never the enquiry's text. */
export const CONTACTS_AUDIT: AuditRule[] = [
  {
    method: 'PUT',
    path: /^\/\d+\/read$/,
    describe: (req, data) => ({
      action: flag(data?.read, 'contact.read', 'contact.unread'),
      target_type: 'contact',
      target_id: idFromPath(req),
    }),
  },
  {
    method: 'PUT',
    path: /^\/\d+\/replied$/,
    describe: (req, data) => ({
      action: data?.replied_at === null ? 'contact.unreplied' : 'contact.replied',
      target_type: 'contact',
      target_id: idFromPath(req),
    }),
  },
  {
    method: 'PUT',
    path: /^\/\d+\/spam$/,
    describe: (req, data) => ({
      action: flag(data?.spam, 'contact.spam', 'contact.not_spam'),
      target_type: 'contact',
      target_id: idFromPath(req),
    }),
  },
  {
    method: 'DELETE',
    path: /^\/\d+$/,
    describe: (req) => ({
      action: 'contact.deleted',
      target_type: 'contact',
      target_id: idFromPath(req),
    }),
  },
  {
    method: 'GET',
    path: /^\/export$/,
    describe: (req) => ({
      action: 'contact.exported',
      summary: req.query.spam === 'true' ? 'spam' : 'enquiries',
    }),
  },
];

/** Uploads (`/api/media`, a later feature). */
export const MEDIA_AUDIT: AuditRule[] = [
  {
    method: 'POST',
    path: /^\/$/,
    describe: (_req, data) => ({
      action: 'media.uploaded',
      target_type: 'media',
      target_id: data?.id as number,
    }),
  },
  {
    method: 'DELETE',
    path: /^\/\d+$/,
    describe: (req) => ({
      action: 'media.deleted',
      target_type: 'media',
      target_id: idFromPath(req),
    }),
  },
];

/** Site text changes (`/api/site`): the keys named, as far as a summary holds them. */
export const SITE_TEXTS_AUDIT: AuditRule[] = [
  {
    method: 'PUT',
    path: /^\/texts$/,
    describe: (req) => {
      const values = (req.body as { values?: unknown } | undefined)?.values;
      const keys = values && typeof values === 'object' ? Object.keys(values) : [];
      const summary = keys.join(', ');
      return {
        action: 'site_texts.updated',
        target_type: 'site_texts',
        summary: summary.length > 200 ? `${summary.slice(0, 199)}…` : summary,
      };
    },
  },
];

/**
 * Records the successful calls a router answers, by rule, without touching
 * the feature's own code: mounted in front of the router, it notes what the
 * JSON answer carried (`data`) and, once the answer went out with a 2xx,
 * writes one audit entry. A refused or failed call records nothing.
 */
export function auditTrail(audit: AuditService, rules: AuditRule[]): RequestHandler {
  return (req, res, next) => {
    const rule = rules.find((r) => r.method === req.method && r.path.test(req.path));
    if (!rule) return next();
    const who = requestWho(req);
    let data: Data;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      data = (body as { data?: Data } | undefined)?.data;
      return json(body);
    };
    res.on('finish', () => {
      if (res.statusCode < 200 || res.statusCode >= 300) return;
      const entry = rule.describe(req, data);
      if (entry) void audit.record(who, entry);
    });
    next();
  };
}
