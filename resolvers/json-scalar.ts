/** The JSON scalar: answer cells are strings, numbers, booleans, null, lists or objects. */
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => toJson(value),
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables ?? undefined),
});

/** BigInt and Date are common in database results and are not JSON: make them so. */
function toJson(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJson);
  return value;
}

function literalValue(node: ValueNode, variables: Readonly<Record<string, unknown>> | undefined): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((value) => literalValue(value, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
    default:
      return undefined;
  }
}
