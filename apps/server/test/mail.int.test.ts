import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { outboxEmails } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { TestClient } from './helpers/http-client';
import { createCompany } from './helpers/world';

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
