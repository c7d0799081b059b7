import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DOCUMENT_STATUS as D,
  RECIPIENT_STATUS as R,
  DOCUMENT_TRANSITIONS,
  RECIPIENT_TRANSITIONS,
  TransitionError,
  assertDocumentOpenForRecipients,
  canRecipient,
  documentStatusText,
  documentTransition,
  recipientStatusText,
  recipientTransition,
} from './statuses.ts';

test('document status texts, with unknown for anything else', () => {
  assert.deepEqual([10, 20, 30, 40, 50].map(documentStatusText), ['available', 'fields complete', 'completed', 'removed', 'rejected']);
  for (const other of [0, 11, 60, -1, NaN, '10', null, undefined]) assert.equal(documentStatusText(other), 'unknown');
});

test('recipient status texts, with unknown for anything else', () => {
  const expected: Record<number, string> = {
    4: 'unsent',
    5: 'scheduled',
    10: 'sent',
    15: 'email opened',
    20: 'visited',
    30: 'fields complete',
    35: 'fields complete excluding signature',
    39: 'witnessing required',
    40: 'completed',
    50: 'download final document',
    60: 'rejected',
    70: 'withdrawn',
  };
  for (const [n, text] of Object.entries(expected)) assert.equal(recipientStatusText(Number(n)), text);
  for (const other of [0, 1, 45, 80, '40', null]) assert.equal(recipientStatusText(other), 'unknown');
});

test('a document is created available and can be sent only once', () => {
  assert.equal(documentTransition(null, 'send'), D.available);
  for (const s of [D.available, D.fieldsComplete, D.completed, D.removed, D.rejected]) {
    assert.throws(
      () => documentTransition(s, 'send'),
      (e: unknown) => e instanceof TransitionError && e.statusCode === 409 && /already been sent/.test(e.message),
    );
  }
});

test('removing a document twice is refused', () => {
  const removed = documentTransition(D.available, 'remove');
  assert.equal(removed, D.removed);
  assert.throws(() => documentTransition(removed, 'remove'), /removed/);
  // A completed or rejected document can still be removed (archived).
  assert.equal(documentTransition(D.completed, 'remove'), D.removed);
  assert.equal(documentTransition(D.rejected, 'remove'), D.removed);
});

test('a removed, completed or rejected document cannot be completed or rejected', () => {
  for (const s of [D.removed, D.completed, D.rejected]) {
    assert.throws(() => documentTransition(s, 'complete'), TransitionError);
    assert.throws(() => documentTransition(s, 'reject'), TransitionError);
  }
  assert.equal(documentTransition(D.available, 'fields_complete'), D.fieldsComplete);
  assert.equal(documentTransition(D.fieldsComplete, 'complete'), D.completed);
  assert.equal(documentTransition(D.available, 'reject'), D.rejected);
});

test('a recipient walks sent, email opened, visited, completed, downloaded', () => {
  let s = recipientTransition(R.unsent, 'send');
  assert.equal(s, R.sent);
  s = recipientTransition(s, 'email_opened');
  assert.equal(s, R.emailOpened);
  s = recipientTransition(s, 'visit');
  assert.equal(s, R.visited);
  assert.equal(recipientTransition(s, 'visit'), R.visited, 'visiting may repeat');
  assert.equal(recipientTransition(s, 'email_opened'), R.visited, 'a late email-open does not move back');
  s = recipientTransition(s, 'complete');
  assert.equal(s, R.completed);
  s = recipientTransition(s, 'download_final');
  assert.equal(s, R.downloadedFinal);
});

test('sending a recipient twice is refused with a clear message', () => {
  const sent = recipientTransition(R.scheduled, 'send');
  assert.throws(
    () => recipientTransition(sent, 'send'),
    (e: unknown) => e instanceof TransitionError && /already been sent/.test(e.message),
  );
});

test('witnessing: the signer waits at 39 until its witness is done', () => {
  const waiting = recipientTransition(R.visited, 'witness_required');
  assert.equal(waiting, R.witnessingRequired);
  assert.equal(recipientTransition(waiting, 'witness_released'), R.completed);
  assert.throws(() => recipientTransition(R.sent, 'witness_released'), TransitionError);
});

test('an unsent recipient cannot sign, approve or reject; a finished one cannot act again', () => {
  for (const ev of ['complete', 'approve', 'reject', 'visit', 'fields_complete'] as const) {
    assert.equal(canRecipient(R.unsent, ev), false, ev);
    assert.equal(canRecipient(R.completed, ev), false, ev);
    assert.equal(canRecipient(R.rejected, ev), false, ev);
    assert.equal(canRecipient(R.withdrawn, ev), false, ev);
  }
  assert.equal(recipientTransition(R.visited, 'approve'), R.completed);
  assert.equal(recipientTransition(R.fieldsCompleteExcludingSignature, 'reject'), R.rejected);
});

test('withdraw only touches recipients who still had work to do', () => {
  for (const s of [R.unsent, R.scheduled, R.sent, R.visited, R.witnessingRequired]) assert.equal(recipientTransition(s, 'withdraw'), R.withdrawn);
  for (const s of [R.completed, R.rejected, R.withdrawn]) assert.throws(() => recipientTransition(s, 'withdraw'), TransitionError);
});

test('recipients cannot sign a removed, completed or rejected document', () => {
  assert.doesNotThrow(() => assertDocumentOpenForRecipients(D.available, 'complete'));
  for (const s of [D.removed, D.completed, D.rejected, D.fieldsComplete]) {
    assert.throws(
      () => assertDocumentOpenForRecipients(s, 'complete'),
      (e: unknown) => e instanceof TransitionError && e.statusCode === 409,
    );
  }
  assert.throws(() => assertDocumentOpenForRecipients(D.removed, 'visit'), /removed/);
  assert.doesNotThrow(() => assertDocumentOpenForRecipients(D.completed, 'download_final'));
});

test('every row of the tables names known statuses and no event is ambiguous', () => {
  const docTexts = new Set([10, 20, 30, 40, 50]);
  const seenDoc = new Set<string>();
  for (const row of DOCUMENT_TRANSITIONS) {
    if (row.to !== 'same') assert.ok(docTexts.has(row.to));
    for (const f of row.from) {
      const key = `${row.event}:${f}`;
      assert.ok(!seenDoc.has(key), `duplicate ${key}`);
      seenDoc.add(key);
    }
  }
  const seenRec = new Set<string>();
  for (const row of RECIPIENT_TRANSITIONS) {
    if (row.to !== 'same') assert.notEqual(recipientStatusText(row.to), 'unknown');
    for (const f of row.from) {
      assert.notEqual(recipientStatusText(f), 'unknown');
      const key = `${row.event}:${f}`;
      assert.ok(!seenRec.has(key), `duplicate ${key}`);
      seenRec.add(key);
    }
  }
});
