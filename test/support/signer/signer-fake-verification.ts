/**
 * The one-time code operations of the stand-in signer server (signer-fake-server.ts): the rules the real
 * server holds (services/signing/verification.ts) in miniature, with knobs the browser tests turn
 * (`expired`, `throttled`) so every answer the element must explain can be produced without waiting.
 */
import type { VerificationView } from '../../../src/esign-signer/signer-api.ts';

export interface FakeVerification {
  /** The code the next send "delivers". */
  code: string;
  required: 'sms' | 'email';
  destination: string;
  sent: boolean;
  triesLeft: number;
  verified: boolean;
  /** The next check answers 410 code_expired. */
  expired: boolean;
  /** Seconds the next send is refused for (429 code_throttled). */
  throttled: number;
  /** The countdown a successful send answers (`resend_in`). */
  resendIn: number;
  view(): VerificationView;
  handle(op: string, body: unknown): Response;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const error = (status: number, code: string, message: string) => json({ error: { status, code, message } }, status);

export function fakeVerification(opts: { required?: 'sms' | 'email'; code?: string; verified?: boolean } = {}): FakeVerification {
  const v: FakeVerification = {
    code: opts.code ?? '123456',
    required: opts.required ?? 'sms',
    destination: opts.required === 'email' ? 'a••@example.com' : '+44 7••• ••• 123',
    sent: false,
    triesLeft: 5,
    verified: opts.verified ?? false,
    expired: false,
    throttled: 0,
    resendIn: 30,
    view: () => ({
      required: v.required,
      verified: v.verified,
      verified_at: v.verified ? new Date().toISOString() : null,
      method: v.verified ? v.required : null,
      destination: v.destination,
      code:
        v.sent && v.triesLeft > 0 && !v.expired && !v.verified ? { expires_at: new Date(Date.now() + 600_000).toISOString(), tries_left: v.triesLeft } : null,
      resend_in: v.throttled,
    }),
    handle(op, body) {
      if (op === 'verification') return json(v.view());
      if (op === 'verification/send') {
        if (v.throttled > 0) return error(429, 'code_throttled', `Another code can be sent in ${v.throttled} s.`);
        v.sent = true;
        v.triesLeft = 5;
        v.expired = false;
        return json({ channel: v.required, to: v.destination, expires_at: new Date(Date.now() + 600_000).toISOString(), resend_in: v.resendIn });
      }
      const code = String((body as { code?: string })?.code ?? '');
      if (!/^\d{6}$/.test(code)) return error(400, 'bad_code_format', 'The code is the 6 digits of the message.');
      if (!v.sent) return error(409, 'no_code', 'No code is waiting.');
      if (v.triesLeft <= 0) return error(403, 'code_locked', 'Too many wrong tries.');
      if (v.expired) return error(410, 'code_expired', 'This code has expired.');
      if (code !== v.code) {
        v.triesLeft -= 1;
        return v.triesLeft === 0 ? error(403, 'code_locked', 'Too many wrong tries.') : error(422, 'wrong_code', `Wrong code, ${v.triesLeft} left.`);
      }
      v.verified = true;
      return json(v.view());
    },
  };
  return v;
}
