import { resetMailsSent } from '../src/modules/auth/reset-mails';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { outboxEmails } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { TestClient } from './helpers/http-client';
import { createCompany } from './helpers/world';
import { expectedWorld, newVisitor, slot } from './helpers/expected-visits-factories';

const received: { to: string; body: string }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let body = '';
    stream.on('data', (c: Buffer) => (body += c.toString()));
    stream.on('end', () => {
      // Undo quoted-printable soft breaks so the text reads as sent.
      const text = body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body: text });
      done();
    });
  },
});

let ctx: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the reset link through SMTP_URL, marks the outbox row sent and keeps no link in it', async () => {
    const { people } = await createCompany(ctx.db.db);
    await new TestClient(ctx.app).post('/auth/forgot-password', { email: people.admin.email });
    await resetMailsSent(ctx.app);
    const mail = received.find((m) => m.to === people.admin.email);
    expect(mail?.body).toMatch(/reset-password\?token=[\w-]+/);
    expect(mail?.body).toContain('Reset your password');
    const [row] = await ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, people.admin.email));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.error).toBeNull();
    // Delivered: the live link is in the recipient's mailbox only.
    expect(row!.subject).toBe('Reset your password');
    expect(row!.text).toBe('');
  });
});

describe('a visitor’s confirmation over SMTP', () => {
  it('carries the visit’s QR code as an inline PNG the html shows, with the code and the pass link', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const email = `vera.${w.tag}@example.test`;
    const res = await new TestClient(ctx.app).post('/public/pre-registrations', {
      link_id: await w.qrOf(w.types.visitors),
      user_type_id: w.types.visitors,
      area_id: w.areas.reception,
      ...slot(1),
      ...newVisitor(w.tag),
      host_ids: [w.host.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { link_code: code, pass_id: passId } = res.json<{ link_code: string; pass_id: string }>();
    const mail = received.find((m) => m.to === email);
    expect(mail?.body).toContain(`Your visit code: ${code}`);
    expect(mail?.body).toContain(`/pre-registration/${passId}/success`);
    expect(mail?.body).toContain('src="cid:visit-qr@visit"');
    expect(mail?.body).toMatch(/Content-Type: image\/png; name=visit-\w+\.png/);
    expect(mail?.body).toContain('Content-ID: <visit-qr@visit>');
  });
});
