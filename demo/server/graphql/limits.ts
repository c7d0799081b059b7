/**
 * Query cost: a validation rule counting the field selections an operation makes, each fragment counted
 * every time it is spread (a fragment counted once where it is defined could be spread hundreds of times
 * for the price of one), refusing operations over the limit before anything runs. With the depth limit
 * (mercurius queryDepth) this bounds the work one request can ask for.
 */
import { GraphQLError, Kind } from 'graphql';
import type { SelectionSetNode, ValidationRule } from 'graphql';

export const MAX_QUERY_DEPTH = 8;
export const MAX_QUERY_FIELDS = 300;

export const fieldCountRule: ValidationRule = (context) => {
  // Each fragment's cost once (memoised), so counting stays linear in the document's size however spreads nest.
  const fragmentCosts = new Map<string, number>();
  const inProgress = new Set<string>();

  const fragmentCost = (name: string): number => {
    const known = fragmentCosts.get(name);
    if (known !== undefined) return known;
    const fragment = context.getFragment(name);
    // Unknown fragments and cycles are other rules' errors (KnownFragmentNames, NoFragmentCycles).
    if (!fragment || inProgress.has(name)) return 0;
    inProgress.add(name);
    const cost = selectionCost(fragment.selectionSet);
    inProgress.delete(name);
    fragmentCosts.set(name, cost);
    return cost;
  };

  const selectionCost = (set: SelectionSetNode): number => {
    let cost = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) cost += 1 + (selection.selectionSet ? selectionCost(selection.selectionSet) : 0);
      else if (selection.kind === Kind.INLINE_FRAGMENT) cost += selectionCost(selection.selectionSet);
      else cost += fragmentCost(selection.name.value);
      if (cost > MAX_QUERY_FIELDS) return cost;
    }
    return cost;
  };

  return {
    OperationDefinition(operation) {
      if (selectionCost(operation.selectionSet) > MAX_QUERY_FIELDS) {
        context.reportError(
          new GraphQLError(
            `The query selects more than ${MAX_QUERY_FIELDS} fields (each fragment counted where it is spread); split it into smaller queries.`,
            {
              nodes: [operation],
            },
          ),
        );
      }
      return false;
    },
  };
};
