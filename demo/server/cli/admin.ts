/** The administration commands: API keys, users, groups, the audit chain and background jobs. */
import { parseArgs } from 'node:util';
import { openStore } from '../store/index.ts';
import type { Group } from '../store/groups.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import { parseApiKey } from '../domain/api-keys.ts';
import { keyName } from '../services/portal/api-keys.ts';
import { MIN_PASSWORD_LENGTH, setSignInPassword } from '../services/sign-in/passwords.ts';
import { userPool } from '../services/sign-in/pool.ts';
import { UsageError, dataDirFrom, userFor } from './common.ts';

export async function apiKeyCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: 'string' },
      env: { type: 'string', default: 'sandbox' },
      legacy: { type: 'boolean', default: false },
      email: { type: 'string' },
      name: { type: 'string' },
    },
  });
  if (values.env !== 'sandbox' && values.env !== 'production') throw new UsageError(`--env must be sandbox or production (got ${values.env}).`);
  let name: string;
  try {
    name = keyName(values.name); // the portal's rule: trimmed, at most 80 characters, no control characters
  } catch (error) {
    throw new UsageError(`--name: ${(error as Error).message}`);
  }
  const store = await openStore(dataDirFrom(values.data));
  try {
    const user = await userFor(store, values.email);
    const { key } = await store.apiKeys.create(user.id, values.env, values.legacy, name);
    console.log(key);
  } finally {
    await store.close();
  }
}

export async function apiKeyList(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, email: { type: 'string' } } });
  const store = await openStore(dataDirFrom(values.data));
  try {
    const user = await userFor(store, values.email);
    for (const key of await store.apiKeys.listForUser(user.id)) {
      const state = key.revoked ? `revoked ${key.revoked}` : `last used ${key.lastUsed ?? 'never'}`;
      console.log(`${key.id}  ${key.env}${key.legacy ? ' (legacy)' : ''}${key.name ? `  "${key.name}"` : ''}  created ${key.created}  ${state}`);
    }
  } finally {
    await store.close();
  }
}

export async function apiKeyRevoke(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { data: { type: 'string' } } });
  const ref = positionals[0];
  if (!ref) throw new UsageError('api-key revoke needs the key id (from `api-key list`) or the key itself.');
  const store = await openStore(dataDirFrom(values.data));
  try {
    const parsed = parseApiKey(ref);
    const id = parsed ? (await store.apiKeys.verify(parsed))?.id : ref;
    if (!id || !(await store.apiKeys.revoke(id))) throw new UsageError(`No live API key '${ref}' in this data directory.`);
    console.log(`Revoked ${id}`);
  } finally {
    await store.close();
  }
}

export async function userCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
      group: { type: 'string', multiple: true },
    },
  });
  if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email)) throw new UsageError('user create needs --email with an email address.');
  const store = await openStore(dataDirFrom(values.data));
  try {
    if (await store.users.findByEmail(values.email)) throw new UsageError(`A user with the email ${values.email} already exists.`);
    const groups: Group[] = [];
    for (const ref of values.group ?? []) {
      const group = await store.groups.find(ref);
      if (!group) throw new UsageError(`No group '${ref}' (give its uuid or slug).`);
      groups.push(group);
    }
    const password = values.password ?? generatePassword();
    const user = await store.transaction(async () => {
      const created = await store.users.create({
        email: values.email!,
        firstName: values['first-name'],
        lastName: values['last-name'],
        passwordHash: hashPassword(password),
        passwordPermanent: true,
        isAdmin: values.admin,
      });
      for (const group of groups) await store.users.addToGroup(created.id, group.id);
      await setSignInPassword(store, userPool(), created.id, password);
      return created;
    });
    console.log(`Created user ${user.email} (${user.id})${values.password ? '' : `, password: ${password}`}`);
  } finally {
    await store.close();
  }
}

/** Sets a user's sign-in password (a data directory from before sign-in existed, or a forgotten one). */
export async function userPassword(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } } });
  if (!values.email) throw new UsageError('user password needs --email.');
  if (values.password !== undefined && values.password.length < MIN_PASSWORD_LENGTH)
    throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  const store = await openStore(dataDirFrom(values.data));
  try {
    const user = await store.users.findByEmail(values.email);
    if (!user) throw new UsageError(`No user with the email ${values.email}.`);
    const password = values.password ?? generatePassword();
    await store.transaction(async () => {
      await setSignInPassword(store, userPool(), user.id, password);
      await store.credentials.recordEvent(user.id, 'password_set', { userAgent: 'esign-server user password' });
    });
    console.log(`Set the sign-in password of ${user.email}${values.password ? '' : `: ${password}`}`);
  } finally {
    await store.close();
  }
}

export async function groupCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } } });
  if (!values.name?.trim()) throw new UsageError('group create needs --name.');
  const store = await openStore(dataDirFrom(values.data));
  try {
    const user = await userFor(store, values.email);
    const group = await store.transaction(async () => {
      const created = await store.groups.create(values.name!.trim(), {}, user.id);
      await store.users.addToGroup(user.id, created.id, true);
      return created;
    });
    console.log(`Created group ${group.name} (/api/v1/group/${group.id}/, slug ${group.slug}); member: ${user.email}`);
  } finally {
    await store.close();
  }
}

/** Checks every document's audit hash chain; prints one line per document, exits 1 when any link is broken. */
export async function auditVerify(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' } } });
  const store = await openStore(dataDirFrom(values.data));
  let broken = 0;
  try {
    const ids = await store.history.chainedDocumentIds();
    for (const id of ids) {
      const check = await store.transaction(() => store.history.verifyChain(id));
      if (check.firstBreak) {
        broken++;
        const b = check.firstBreak;
        const why =
          b.kind === 'content'
            ? 'its content was changed'
            : b.kind === 'link'
              ? 'it does not follow the previous event (an event was removed, inserted or reordered)'
              : 'it has no hash';
        console.log(`BROKEN ${id}: first broken link at event ${b.eventId} (${b.event}, ${b.created}): ${why}`);
      } else {
        console.log(`ok     ${id}: ${check.events} events, head ${check.head}`);
      }
    }
    console.log(`${ids.length - broken} of ${ids.length} documents ok${broken ? `, ${broken} broken` : ''}.`);
  } finally {
    await store.close();
  }
  if (broken) process.exitCode = 1;
}

export async function jobsList(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, failed: { type: 'boolean', default: false } } });
  const store = await openStore(dataDirFrom(values.data));
  try {
    const { jobs } = await store.jobs.list({ state: values.failed ? 'failed' : undefined, limit: 1000 });
    if (jobs.length === 0) console.log(values.failed ? 'No failed jobs.' : 'No jobs.');
    for (const job of jobs) {
      const when = job.state === 'pending' ? `  next attempt ${new Date(job.nextAttemptAt).toISOString()}` : '';
      console.log(
        `${job.id}  ${job.kind}  ${job.state}  attempts ${job.attempts}  document ${job.documentId} (status ${job.documentStatus}, "${job.documentName}")${when}`,
      );
      if (job.lastError && job.state !== 'done') console.log(`    last error: ${job.lastError}`);
    }
  } finally {
    await store.close();
  }
}

export async function jobsRetry(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { data: { type: 'string' } } });
  const ref = positionals[0];
  if (!ref) throw new UsageError('jobs retry needs the job id or the document id (from `jobs list`).');
  // Loaded here, not at the top: the other commands need neither the PDF work nor the server's settings.
  const [{ JobRunner, resolveJobSettings }, { FINAL_PDF_JOB, runFinalPdfJob }, { WorkPool }, { workSettingsChecked }] = await Promise.all([
    import('../services/jobs/runner.ts'),
    import('../services/signing/final-pdf-job.ts'),
    import('../work/pool.ts'),
    import('./serve.ts'),
  ]);
  const store = await openStore(dataDirFrom(values.data));
  // The attempt runs here, in this process's own work pool, with the same limits as the server's.
  const work = new WorkPool(workSettingsChecked());
  try {
    // A running server sees the outcome (and delivers the webhook) through the database.
    const runner = new JobRunner(store, resolveJobSettings(), { [FINAL_PDF_JOB]: (documentId) => runFinalPdfJob(store, work, documentId) });
    const started = await runner.retry(ref, { type: 'system', id: '', label: 'esign-server jobs retry', ip: '', userAgent: '' });
    if (!started) throw new UsageError(`No job '${ref}' in this data directory (give a job id or a document id from \`jobs list\`).`);
    const outcome = await started.outcome;
    const job = (await runner.jobs.get(started.job.id))!;
    if (outcome === 'done') console.log(`Job ${job.id} done: document ${job.documentId} is complete.`);
    else if (outcome === 'busy') console.log(`Job ${job.id} is running in another process (the server); see \`jobs list\`.`);
    else {
      console.error(
        `Job ${job.id} failed again: ${job.lastError}${job.state === 'pending' ? ` (the server tries again from ${new Date(job.nextAttemptAt).toISOString()})` : ''}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await work.close();
    await store.close();
  }
}

/** `storage check [--repair] [--grace-minutes N]`: the blob store against its reference counts; exit 1 while something is wrong. */
export async function storageCheck(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { data: { type: 'string' }, repair: { type: 'boolean', default: false }, 'grace-minutes': { type: 'string', default: '60' } },
  });
  const graceMinutes = Number(values['grace-minutes']);
  if (!Number.isFinite(graceMinutes) || graceMinutes < 0) throw new UsageError(`--grace-minutes must be a number of minutes (got ${values['grace-minutes']}).`);
  const store = await openStore(dataDirFrom(values.data));
  try {
    const report = await store.files.check({ repair: values.repair, graceMs: graceMinutes * 60_000 });
    const fix = (what: string) => (report.repaired ? `${what} (repaired)` : what);
    for (const { hash, names } of report.missing) console.log(`missing bytes: ${hash} named ${names.join(', ')} (restore from a backup)`);
    for (const hash of report.orphans) console.log(fix(`orphan bytes: ${hash}`));
    for (const hash of report.youngOrphans) console.log(`recent unnamed bytes (left alone, younger than ${graceMinutes} min): ${hash}`);
    for (const { hash, refs, names } of report.miscounted) console.log(fix(`wrong reference count: ${hash} counts ${refs}, ${names} name(s) point at it`));
    for (const hash of report.unswept) console.log(fix(`unreferenced, not yet shredded: ${hash}`));
    const problems = report.missing.length + report.orphans.length + report.miscounted.length + report.unswept.length;
    console.log(
      `storage check: ${report.missing.length} missing, ${report.orphans.length} orphans, ${report.miscounted.length} miscounted, ${report.unswept.length} unswept${report.repaired ? ' (repaired what can be)' : ''}`,
    );
    if (report.missing.length > 0 || (problems > 0 && !report.repaired)) process.exitCode = 1;
  } finally {
    await store.close();
  }
}
