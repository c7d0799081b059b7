/**
 * Verifying a PDF against this server: the seal check (src/verify, the same code the library
 * exports as `esign-elements/verify`) with this server's certificate as the trusted one, plus our
 * records of the document when the sealed bytes' hash is a final PDF we produced.
 */
import type { Store } from '../store/index.ts';
import { verifyPdf, type SealVerification } from 'esign-elements/verify';
import { displayName } from '../email/names.ts';
import { signerLabel } from 'esign-elements/fields';
import { sealKeyOf } from './seal.ts';

export interface VerificationAnswer {
  verdict: SealVerification['verdict'];
  ok: boolean;
  message: string;
  sealed_by_this_server: boolean;
  sha256: string;
  sealed_sha256: string | null;
  revisions: number;
  sealed_revision: number | null;
  changed_revision: number | null;
  signatures: {
    index: number;
    valid: boolean;
    trusted: boolean;
    revision: number;
    sub_filter: string;
    byte_range: number[];
    signer: { common_name: string; subject: string; fingerprint: string } | null;
    timestamp: string | null;
    problem: string | null;
  }[];
  /** Our record of the document, when the sealed bytes are a final PDF this server produced. */
  document: { id: string; name: string; completed: string | null; parties: { name: string; role: string }[] } | null;
}

function role(r: { role: string; signerNumber: number; witnessOf?: number | null }): string {
  return r.role === 'witness' ? `Witness of signer ${r.witnessOf}` : r.role === 'approver' ? 'Approver' : signerLabel(r.signerNumber);
}

/** Never throws on bad bytes: every problem is a verdict. */
export async function verifyAgainstRecords(store: Store, bytes: Uint8Array): Promise<VerificationAnswer> {
  const key = sealKeyOf(store);
  const result = verifyPdf(bytes, { trusted: [key.certificate] });
  const seal = result.signatures.find((s) => s.trusted);
  let document: VerificationAnswer['document'] = null;
  if (seal?.valid && result.sealedSha256) {
    const id = await store.documents.idByFinalHash(result.sealedSha256);
    const { documents } = store;
    const doc = id ? await documents.get(id) : undefined;
    if (doc) {
      document = {
        id: doc.id,
        name: doc.name,
        completed: doc.completedAt,
        parties: (await documents.recipients(doc.id)).map((r) => ({ name: displayName(doc, r), role: role(r) })),
      };
    }
  }
  return {
    verdict: result.verdict,
    ok: result.ok,
    message: result.message,
    sealed_by_this_server: !!seal?.valid,
    sha256: result.sha256,
    sealed_sha256: result.sealedSha256 ?? null,
    revisions: result.revisions,
    sealed_revision: result.sealedRevision ?? null,
    changed_revision: result.changedRevision ?? null,
    signatures: result.signatures.map((s) => ({
      index: s.index,
      valid: s.valid,
      trusted: s.trusted === true,
      revision: s.revision,
      sub_filter: s.subFilter,
      byte_range: s.byteRange,
      signer: s.signer ? { common_name: s.signer.commonName, subject: s.signer.subject, fingerprint: s.signer.fingerprint } : null,
      timestamp: s.timestamp ?? null,
      problem: s.problem ?? null,
    })),
    document,
  };
}
