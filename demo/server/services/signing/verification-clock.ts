/**
 * The clock one-time codes are read against (services/signing/verification.ts). Tests and the e2e run
 * move it forward for one recipient (POST /api/v1/dev/verification-clock/, only with ESIGN_TEST_CLOCK=1)
 * to see a code expire or a throttle lift without waiting; everyone else reads Date.now().
 */
const offsets = new Map<string, number>();

export function verificationNow(recipientId: string): number {
  return Date.now() + (offsets.get(recipientId) ?? 0);
}

/** Moves one recipient's clock forward by `ms` (cumulative). */
export function advanceVerificationClock(recipientId: string, ms: number): void {
  offsets.set(recipientId, (offsets.get(recipientId) ?? 0) + ms);
}

/** Never with NODE_ENV=production: there a stray ESIGN_TEST_CLOCK must not let anyone age a recipient's codes. */
export const testClockEnabled = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.NODE_ENV !== 'production' && (env.ESIGN_TEST_CLOCK === '1' || env.ESIGN_TEST_CLOCK === 'true');
