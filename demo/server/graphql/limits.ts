/**
 * Query cost: a validation rule counting the field selections an operation makes, each fragment counted
 * every time it is spread (a fragment counted once where it is defined could be spread hundreds of times
 * for the price of one), refusing operations over the limit before anything runs. With the depth limit
 * (depthRule) this bounds the work one request can ask for.
 */
import { GraphQLError, Kind } from 'graphql';
import type { SelectionSetNode, ValidationRule } from 'graphql';

export const MAX_QUERY_DEPTH = 8;
/**
 * Introspection nests deeper than any data query (`__schema { types { fields { type { ofType … } } } }`: the
 * standard query clients generate code from reaches 15), so paths through an introspection field get their own
 * limit: enough for that query, still bounded.
 */
export const MAX_INTROSPECTION_DEPTH = 16;
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

/** The deepest path of an operation, fragments followed; paths through an introspection field (`__…`) counted apart. */
export const depthRule: ValidationRule = (context) => {
  const depths = (set: SelectionSetNode, introspection: boolean, seen: ReadonlySet<string>): { data: number; meta: number } => {
    let data = 0;
    let meta = 0;
    for (const selection of set.selections) {
      let inner: { data: number; meta: number } = { data: 0, meta: 0 };
      if (selection.kind === Kind.FIELD) {
        const here = introspection || selection.name.value.startsWith('__');
        const below = selection.selectionSet ? depths(selection.selectionSet, here, seen) : { data: 0, meta: 0 };
        inner = here ? { data: 0, meta: 1 + Math.max(below.meta, below.data) } : { data: 1 + below.data, meta: below.meta ? 1 + below.meta : 0 };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = depths(selection.selectionSet, introspection, seen);
      } else {
        const name = selection.name.value;
        const fragment = context.getFragment(name);
        // Cycles are NoFragmentCycles' error; an unknown fragment KnownFragmentNames'.
        if (fragment && !seen.has(name)) inner = depths(fragment.selectionSet, introspection, new Set([...seen, name]));
      }
      data = Math.max(data, inner.data);
      meta = Math.max(meta, inner.meta);
      if (data > MAX_QUERY_DEPTH || meta > MAX_INTROSPECTION_DEPTH) break;
    }
    return { data, meta };
  };
  return {
    OperationDefinition(operation) {
      const { data, meta } = depths(operation.selectionSet, false, new Set());
      if (data > MAX_QUERY_DEPTH) {
        context.reportError(
          new GraphQLError(`The query is ${data} levels deep; at most ${MAX_QUERY_DEPTH} are allowed. Split it into smaller queries.`, { nodes: [operation] }),
        );
      } else if (meta > MAX_INTROSPECTION_DEPTH) {
        context.reportError(
          new GraphQLError(`The introspection query is ${meta} levels deep; at most ${MAX_INTROSPECTION_DEPTH} are allowed.`, { nodes: [operation] }),
        );
      }
      return false;
    },
  };
};
