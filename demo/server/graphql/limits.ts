/**
 * Query cost: a validation rule counting every field selection in the document (fragments counted
 * where they are defined), refusing documents over the limit before anything runs. With the depth
 * limit (mercurius queryDepth) this bounds the work one request can ask for.
 */
import { GraphQLError } from 'graphql';
import type { ValidationRule } from 'graphql';

export const MAX_QUERY_DEPTH = 8;
export const MAX_QUERY_FIELDS = 300;

export const fieldCountRule: ValidationRule = (context) => {
  let count = 0;
  return {
    Field() {
      count += 1;
      if (count === MAX_QUERY_FIELDS + 1) {
        context.reportError(new GraphQLError(`The query selects more than ${MAX_QUERY_FIELDS} fields; split it into smaller queries.`));
      }
    },
  };
};
