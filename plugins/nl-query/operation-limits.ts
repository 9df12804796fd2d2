/**
 * One GraphQL request may call the gateway's fields only so many times. Aliases make one request
 * worth hundreds of questions (`a1: ask(...) a2: ask(...) ...`), each costing model inference and
 * database work: the request is refused before anything runs instead.
 */
import { GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { ErrorCode } from '../../errors.js';

/** The root fields of the gateway's schema that do real work (listing sources is cheap and free). */
const COSTLY_FIELDS = new Set([
  'ask',
  'runQueryGraph',
  'runInterpretation',
  'schemaGraph',
  'facts',
  'createFactCollection',
  'addFacts',
  'removeFacts',
  // Teaching writes to the fact store and reads queries into graphs.
  'confirmAnswer',
  'correctAnswer',
  'addExamples',
  'examples',
  'removeExamples',
]);

/** How many gateway fields the operation's root selection calls, fragments and aliases included. */
export function countGatewayCalls(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const visited = new Set<string>();
  const count = (selectionSet: SelectionSetNode): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (COSTLY_FIELDS.has(selection.name.value)) total += 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += count(selection.selectionSet);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // A fragment spread twice at the root runs its fields once; cycles are invalid GraphQL anyway.
        if (fragment && !visited.has(name)) {
          visited.add(name);
          total += count(fragment.selectionSet);
        }
      }
    }
    return total;
  };
  return count(operation.selectionSet);
}

/** Throws BAD_USER_INPUT when the operation calls the gateway more than `max` times. */
export function checkGatewayCalls(document: DocumentNode, operation: OperationDefinitionNode, max: number): void {
  const calls = countGatewayCalls(document, operation);
  if (calls > max) {
    throw new GraphQLError(`this request calls ask, runQueryGraph, the fact or the teaching fields ${calls} times; the limit is ${max} per request`, {
      // Without an HTTP status Apollo answers an error raised in didResolveOperation with 500.
      extensions: { code: ErrorCode.BAD_USER_INPUT, argumentName: 'operation', http: { status: 400 } },
    });
  }
}
