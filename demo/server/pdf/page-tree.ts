/**
 * Page-tree repair. pdf-lib reads each page-tree node's /Count as a direct number whenever it adds
 * or removes a page; files in the wild carry an indirect /Count (pointing at a number, or even at
 * a stream, as in poppler's bug-91414 sample), a missing one, or a wrong one. Readers recount from
 * /Kids, so such files open everywhere, but pdf-lib then throws while appending the history page.
 * Recounting every node from its kids (and writing the counts as direct numbers) makes the tree
 * what pdf-lib expects without changing which pages the document has.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFPageTree, PDFRef, type PDFDocument } from 'pdf-lib';

const COUNT = PDFName.of('Count');
const KIDS = PDFName.of('Kids');

/** Rewrites every /Count that is not the direct, correct leaf count. Returns how many nodes it fixed. */
export function repairPageTree(doc: PDFDocument): number {
  let fixed = 0;
  const seen = new Set<PDFDict>();
  const countLeaves = (node: PDFPageTree): number => {
    if (seen.has(node)) return 0; // a cycle: readers ignore the repeat, and so do we
    seen.add(node);
    const kids = node.lookupMaybe(KIDS, PDFArray);
    let leaves = 0;
    for (let i = 0; i < (kids?.size() ?? 0); i++) {
      const kid = kids!.lookup(i);
      if (kid instanceof PDFPageTree) leaves += countLeaves(kid);
      else if (kid instanceof PDFDict) leaves += 1;
    }
    const raw = node.get(COUNT);
    if (!(raw instanceof PDFNumber) || raw.asNumber() !== leaves) {
      node.set(COUNT, PDFNumber.of(leaves));
      fixed++;
    }
    return leaves;
  };
  const root = doc.catalog.get(PDFName.of('Pages'));
  const tree = root instanceof PDFRef ? doc.context.lookup(root) : root;
  if (tree instanceof PDFPageTree) countLeaves(tree);
  return fixed;
}
