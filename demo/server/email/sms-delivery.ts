/**
 * Text messages (one-time codes, issue 29), beside the email it mirrors (delivery.ts): through Twilio's REST
 * API when `ESIGN_SMS_PROVIDER=twilio` (POST /2010-04-01/Accounts/{sid}/Messages.json, basic auth,
 * form body; `ESIGN_TWILIO_BASE_URL` points it elsewhere for tests), otherwise into the local outbox:
 * one JSON file per message under <data>/sms-outbox/, listed by GET /api/v1/sms-outbox/ for the demo.
 * Sending is immediate (a code is only useful now); a failure is answered to the caller, which records it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export interface SmsSettings {
  provider: 'local' | 'twilio';
  twilio: { accountSid: string; authToken: string; from: string; baseUrl: string };
}

export function smsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SmsSettings {
  return {
    provider: env.ESIGN_SMS_PROVIDER === 'twilio' ? 'twilio' : 'local',
    twilio: {
      accountSid: env.ESIGN_TWILIO_ACCOUNT_SID ?? '',
      authToken: env.ESIGN_TWILIO_AUTH_TOKEN ?? '',
      from: env.ESIGN_TWILIO_FROM ?? '',
      baseUrl: (env.ESIGN_TWILIO_BASE_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
    },
  };
}

export interface SmsMessage {
  to: string;
  text: string;
  /** For the local outbox listing (which documents an API key may see). */
  documentId: string;
  recipientId: string;
}

export interface OutboxSms extends SmsMessage {
  id: string;
  created: string;
}

export type SmsResult = { ok: true; providerId: string } | { ok: false; error: string };

export class SmsDelivery {
  readonly settings: SmsSettings;
  private readonly outboxDir: string;

  constructor(dataDir: string, settings: SmsSettings) {
    this.settings = settings;
    this.outboxDir = path.join(dataDir, 'sms-outbox');
  }

  get mode(): 'local' | 'twilio' {
    return this.settings.provider;
  }

  async send(message: SmsMessage): Promise<SmsResult> {
    return this.settings.provider === 'twilio' ? await this.twilio(message) : this.local(message);
  }

  private local(message: SmsMessage): SmsResult {
    const id = randomUUID();
    const created = new Date().toISOString();
    fs.mkdirSync(this.outboxDir, { recursive: true, mode: 0o700 });
    // The name sorts by time: the listing reads the newest first without opening every file.
    const entry: OutboxSms = { id, created, ...message };
    fs.writeFileSync(path.join(this.outboxDir, `${created.replace(/[:.]/g, '-')}-${id}.json`), JSON.stringify(entry), { mode: 0o600 });
    return { ok: true, providerId: id };
  }

  /** The local outbox, newest first (development only: it holds the codes as sent). */
  outbox(limit = 50): OutboxSms[] {
    if (!fs.existsSync(this.outboxDir)) return [];
    return fs
      .readdirSync(this.outboxDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()
      .slice(0, limit)
      .map((f) => JSON.parse(fs.readFileSync(path.join(this.outboxDir, f), 'utf8')) as OutboxSms);
  }

  private async twilio(message: SmsMessage): Promise<SmsResult> {
    const { accountSid, authToken, from, baseUrl } = this.settings.twilio;
    if (!accountSid || !authToken || !from)
      return { ok: false, error: 'Twilio is not configured (ESIGN_TWILIO_ACCOUNT_SID, ESIGN_TWILIO_AUTH_TOKEN, ESIGN_TWILIO_FROM).' };
    const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: message.to, From: from, Body: message.text }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!res.ok) return { ok: false, error: `Twilio answered ${res.status}${body.message ? `: ${body.message}` : ''}` };
      return { ok: true, providerId: body.sid ?? '' };
    } catch (error) {
      // Never the request itself in the error: its body holds the code.
      return { ok: false, error: `Twilio could not be reached: ${(error as Error).name}` };
    }
  }
}
