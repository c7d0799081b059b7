/**
 * Whether a page of the server may be framed by other sites: the signing and review pages follow
 * the group of the signer's document, the editor page the group of its template (`xframe_allow`).
 * Anything that cannot be resolved to a group is not framable.
 */
import type { Store } from '../store/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FramedPage = { signer: string } | { template: string };

export async function framingAllowed(store: Store, page: FramedPage): Promise<boolean> {
  const groupId = await groupOf(store, page);
  return groupId !== undefined && (await store.groups.get(groupId))?.xframeAllow === true;
}

async function groupOf(store: Store, page: FramedPage): Promise<string | undefined> {
  if ('signer' in page) {
    if (!UUID.test(page.signer)) return undefined;
    const { documents } = store;
    const recipient = await documents.recipient(page.signer.toLowerCase());
    return recipient ? (await documents.get(recipient.documentId))?.groupId : undefined;
  }
  if (!UUID.test(page.template)) return undefined;
  return (await store.templates.get(page.template.toLowerCase()))?.groupId;
}
