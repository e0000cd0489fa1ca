import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '#shared/settings';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.destroy());

describe('GET/PUT /api/settings', () => {
  it('answers every setting with its default before anyone changed one', async () => {
    const admin = await signedIn(t.app);
    const res = await admin.get('/api/settings').expect(200);
    expect(res.body).toEqual({ data: DEFAULT_SETTINGS });
    expect(res.body.data).toMatchObject({
      require_two_factor: false,
      reply_working_days: false,
      reply_time_zone: 'Europe/Lisbon',
      alert_emails_de: [],
      webhook_url: '',
    });
    expect(res.body.data.reply_holidays).toContain('04-25');
  });

  it('keeps a change, tells the audit log who made it, and leaves unnamed keys alone', async () => {
    const admin = await signedIn(t.app);
    await admin.put('/api/settings').send({}).expect(200, { data: DEFAULT_SETTINGS });
    expect(await t.db('settings').select()).toEqual([]);
    try {
      const res = await admin.put('/api/settings').send({ require_two_factor: true }).expect(200);
      expect(res.body.data.require_two_factor).toBe(true);
      const [row] = await t.db('settings').select('key', 'value');
      expect(row).toEqual({ key: 'require_two_factor', value: 'true' });
      const entries = await t.db('audit_log').where({ action: 'settings.changed' });
      expect(entries).toMatchObject([
        {
          actor: 'test-admin',
          target_type: 'setting',
          target_id: 'require_two_factor',
          summary: 'require_two_factor: false -> true',
        },
      ]);
      // The rule binds its author too: this admin has no second factor yet.
      const refused = await admin.get('/api/settings').expect(403);
      expect(refused.body.error).toMatch(/two-factor/);
    } finally {
      await t.db('settings').delete();
    }
  });

  it('refuses unknown keys and wrong values with details, saving nothing', async () => {
    const admin = await signedIn(t.app);
    const before = await t.db('settings').select();
    const unknown = await admin
      .put('/api/settings?lang=de')
      .send({ require_two_factor: true, reply_within_hours: 8 })
      .expect(400);
    expect(unknown.body.details).toEqual({ reply_within_hours: expect.any(String) });
    expect(unknown.body.error).toMatch(/Einstellung/);
    const wrong = await admin.put('/api/settings').send({ require_two_factor: 'yes' }).expect(400);
    expect(wrong.body.details).toEqual({ require_two_factor: 'This value is not valid here' });
    await admin.put('/api/settings').send([true]).expect(400);
    expect(await t.db('settings').select()).toEqual(before);
  });

  it('refuses a reply or alert address mail cannot go to (a final dot, an emoji), saving nothing', async () => {
    const admin = await signedIn(t.app);
    const before = await t.db('settings').select();
    try {
      for (const address of ['team@example.com.', '😀team@example.com']) {
        const reply = await admin
          .put('/api/settings')
          .send({ reply_to_email: address })
          .expect(400);
        expect(reply.body.details).toEqual({ reply_to_email: 'This value is not valid here' });
        const alerts = await admin
          .put('/api/settings')
          .send({ alert_emails_en: ['sales@example.com', address] })
          .expect(400);
        expect(Object.values(alerts.body.details)).toEqual([
          'Write one valid e-mail address per line',
        ]);
      }
      expect(await t.db('settings').select()).toEqual(before);
    } finally {
      await t.db('settings').whereIn('key', ['reply_to_email', 'alert_emails_en']).delete();
    }
  });

  it('reads a stored value that no longer fits its setting as the default', async () => {
    const admin = await signedIn(t.app);
    await t.db('settings').insert({
      key: 'require_two_factor',
      value: '"sometimes"',
      updated_at: new Date().toISOString(),
    });
    try {
      expect((await admin.get('/api/settings').expect(200)).body.data).toEqual(DEFAULT_SETTINGS);
    } finally {
      await t.db('settings').where({ key: 'require_two_factor' }).delete();
    }
  });
});

describe('requiring two-factor sign-in of every staff account', () => {
  it('sends a staff account without it to the setup first, and lets it in once set up', async () => {
    const sales = await signedIn(t.app, await createAccount(t, 'sales', 'sales-2fa'));
    const visitor = await signedIn(t.app, await createAccount(t, 'user', 'visitor-2fa'));
    await sales.get('/api/contacts').expect(200);
    await (
      await signedIn(t.app)
    )
      .put('/api/settings')
      .send({ require_two_factor: true })
      .expect(200);
    try {
      // Already signed in: the next request counts.
      const refused = await sales.get('/api/contacts').expect(403);
      expect(refused.body.error).toMatch(/two-factor/);
      const profile = await sales.get('/api/auth/profile').expect(200);
      expect(profile.body.data).toMatchObject({
        two_factor_enabled: false,
        two_factor_setup_required: true,
      });
      // A visitor account has nothing to protect in the admin: it is not asked.
      const theirs = await visitor.get('/api/auth/profile').expect(200);
      expect(theirs.body.data.two_factor_setup_required).toBe(false);

      const setup = await sales
        .post('/api/auth/2fa/setup')
        .send({ password: 'sales-password-1' })
        .expect(200);
      const code = await generate({ secret: setup.body.data.secret });
      await sales.post('/api/auth/2fa/enable').send({ code }).expect(200);
      await sales.get('/api/contacts').expect(200);
      expect(
        (await sales.get('/api/auth/profile').expect(200)).body.data.two_factor_setup_required,
      ).toBe(false);
    } finally {
      // The admin has no second factor either: it turns the rule off through its own account page.
      await t.db('settings').where({ key: 'require_two_factor' }).delete();
    }
  });
});

describe('while two-factor sign-in is required', () => {
  it('does not let a staff account turn its own off', async () => {
    const account = await createAccount(t, 'editor', 'editor-keeps-2fa');
    const editor = await signedIn(t.app, account);
    const setup = await editor
      .post('/api/auth/2fa/setup')
      .send({ password: account.password })
      .expect(200);
    const secret = setup.body.data.secret as string;
    await editor
      .post('/api/auth/2fa/enable')
      .send({ code: await generate({ secret }) })
      .expect(200);
    await t.db('settings').insert({
      key: 'require_two_factor',
      value: 'true',
      updated_at: new Date().toISOString(),
    });
    try {
      const res = await editor
        .post('/api/auth/2fa/disable')
        .send({ password: account.password, code: '00000-00000' })
        .expect(409);
      expect(res.body.error).toMatch(/required/);
    } finally {
      await t.db('settings').where({ key: 'require_two_factor' }).delete();
    }
  });
});
