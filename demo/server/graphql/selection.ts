/**
 * What a field's selection asks for, so a resolver can read a nested list together with its parent
 * (Query.document reads the recipients with the documents when `recipients` is selected). Fragments and
 * inline fragments are followed; @skip/@include are not looked at, so a skipped field only costs a read.
 */
import { Kind } from 'graphql';
import type { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/**
 * Parsed documents are cached across requests (mercurius's cache), so the answer is remembered per field
 * node of that document: the walk runs once per query text and field, not once per request.
 */
const remembered = new WeakMap<FieldNode, Map<string, boolean>>();

/** True when any of the field's selections (fragments followed) selects `name` directly below it. */
export function selectsField(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, name: string): boolean {
  const first = info.fieldNodes[0];
  if (!first) return false;
  let answers = remembered.get(first);
  const known = answers?.get(name);
  if (known !== undefined) return known;
  const found = info.fieldNodes.some((node) => node.selectionSet !== undefined && selects(node.selectionSet, name, info.fragments, new Set()));
  if (!answers) remembered.set(first, (answers = new Map()));
  answers.set(name, found);
  return found;
}

function selects(set: SelectionSetNode, name: string, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): boolean {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === name) return true;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (selects(selection.selectionSet, name, fragments, seen)) return true;
    } else {
      // A fragment cycle is a validation error before anything runs; `seen` keeps this walk finite regardless.
      const fragment = fragments[selection.name.value];
      if (fragment && !seen.has(fragment.name.value)) {
        seen.add(fragment.name.value);
        if (selects(fragment.selectionSet, name, fragments, seen)) return true;
      }
    }
  }
  return false;
}
