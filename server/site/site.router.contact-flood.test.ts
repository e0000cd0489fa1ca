import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { CONTACT_REFUSALS_PER_ENQUIRY } from '../http/rate-limits';
import { createMissGate, type MissGate, type MissKind } from './page-cache/page-cache';

/**
 * The contact form posted without JavaScript answers with a whole page,
 * refusals too (a foreign Origin, a body too large, a limit). A client
 * posting them without end must neither go uncounted nor take the server's
 * time from the pages it keeps: every refusal counts against the network's
 * refused-enquiries budget, and every page waits its turn at the miss gate.
 */
const admitted: MissKind[] = [];
let shut = false;
/** The next miss never kept held back (while set), as a gate busy with a flood holds it. */
let held: (() => void)[] | undefined;
/** The app's own gate, noting what it is asked to admit; once shut, it refuses as a full queue does. */
const real = createMissGate();
const gate: MissGate = {
  ...real,
  admit(kind, res, render, refuse) {
    admitted.push(kind);
    if (shut) refuse();
    else if (held?.length === 0 && kind === 'unkept')
      held.push(() => real.admit(kind, res, render, refuse));
    else real.admit(kind, res, render, refuse);
  },
};

let t: TestApp;
beforeAll(async () => {
  // One enquiry and CONTACT_REFUSALS_PER_ENQUIRY refusals per network; networks by X-Forwarded-For.
  t = await createTestApp({ RATE_LIMIT_CONTACT: '1', TRUST_PROXY: 'true' }, undefined, {
    missGate: gate,
  });
});
afterAll(() => t.destroy());

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalurgia Norte',
  message: 'We would like to automate our welding line.',
};
const FOREIGN = 'https://evil.example';
const post = (network: string) =>
  request(t.app).post('/contact').set('X-Forwarded-For', network).type('form');

describe('refused contact forms posted without JavaScript', () => {
  it('count against the network’s refused-enquiries budget, a foreign Origin and a body too large too', async () => {
    const network = '203.0.113.1';
    const half = CONTACT_REFUSALS_PER_ENQUIRY / 2;
    for (let i = 0; i < half; i++) {
      await post(network).set('Origin', FOREIGN).send(enquiry).expect(403);
    }
    for (let i = 0; i < CONTACT_REFUSALS_PER_ENQUIRY - half; i++) {
      await post(network)
        .send({ ...enquiry, message: 'x'.repeat(300 * 1024) })
        .expect(413);
    }
    // The budget is spent: the network's next post is refused, shown with everything typed kept.
    const page = await post(network).send(enquiry).expect(429);
    expect(page.text).toContain('Too many enquiries sent from your network.');
    expect(page.text).toContain('value="Ana Silva"');
    expect(page.text).toContain('We would like to automate our welding line.</textarea>');
    // Another network's visitor is not refused.
    await post('203.0.113.2').send(enquiry).expect(303);
    expect(Number((await t.db('contacts').count({ n: '*' }).first())?.n)).toBe(1);
  });

  it('render each page through the miss gate, refusals behind the pages it keeps', async () => {
    admitted.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await post('203.0.113.3').set('Origin', FOREIGN).send(enquiry)).status);
    }
    expect(statuses).toEqual([
      ...Array<number>(CONTACT_REFUSALS_PER_ENQUIRY).fill(403),
      ...Array<number>(20 - CONTACT_REFUSALS_PER_ENQUIRY).fill(429),
    ]);
    expect(admitted).toEqual(Array<MissKind>(20).fill('unkept'));
    // A post the limits let through goes ahead of misses never kept.
    await post('203.0.113.4').send(enquiry).expect(303);
    expect(admitted.at(-1)).toBe('keyed');
  });

  it('hold none of the network’s enquiries while their pages wait their turn', async () => {
    held = [];
    const network = '203.0.113.5';
    const refused = post(network)
      .set('Origin', FOREIGN)
      .send(enquiry)
      .then((res) => res.status);
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // A visitor of the same network sends the one enquiry its budget takes, meanwhile.
    await post(network).send(enquiry).expect(303);
    for (const admit of held) admit();
    held = undefined;
    expect(await refused).toBe(403);
  });

  it('are answered as an uncached page is when the gate refuses it', async () => {
    shut = true;
    const page = await request(t.app).get('/not-a-page-yet').expect(503);
    const form = await post('203.0.113.6').set('Origin', FOREIGN).send(enquiry).expect(503);
    expect(form.type).toBe('text/plain');
    expect(form.headers['retry-after']).toBe(page.headers['retry-after']);
    expect(form.text).toBe(page.text);
  });
});
