/**
 * JSON Schemas of a GraphQL operation, as MCP tools declare them: the input from the operation's
 * variables (with the argument descriptions of the field they feed), the output from its selection
 * set (every selected field required, nullable ones allowing null, descriptions from the SDL).
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  typeFromAST,
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export type JsonSchema = { readonly [key: string]: unknown };

/** The JSON type of a built-in scalar; JSON (or any custom scalar) is any value. */
function scalarSchema(name: string): JsonSchema {
  switch (name) {
    case 'Int':
      return { type: 'integer' };
    case 'Float':
      return { type: 'number' };
    case 'String':
    case 'ID':
      return { type: 'string' };
    case 'Boolean':
      return { type: 'boolean' };
    default:
      return {};
  }
}

/** `schema` also accepting null (GraphQL's nullable types). */
function orNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (typeof type === 'string') return { ...schema, type: [type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) };
  return schema; // no `type`: already any value
}

function described(schema: JsonSchema, description: string | null | undefined): JsonSchema {
  return description ? { ...schema, description } : schema;
}

function inputSchema(type: GraphQLInputType): JsonSchema {
  if (isNonNullType(type)) return nonNullInputSchema(type.ofType);
  return orNull(nonNullInputSchema(type));
}

function nonNullInputSchema(type: GraphQLInputType): JsonSchema {
  if (isListType(type)) return { type: 'array', items: inputSchema(type.ofType) };
  if (isScalarType(type)) return scalarSchema(type.name);
  if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((value) => value.value) };
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    return described(
      {
        type: 'object',
        properties: Object.fromEntries(fields.map((field) => [field.name, described(inputSchema(field.type), field.description)])),
        required: fields.filter((field) => isNonNullType(field.type) && field.defaultValue === undefined).map((field) => field.name),
        additionalProperties: false,
      },
      type.description,
    );
  }
  throw new Error(`unexpected input type ${String(type)}`);
}

/** The operation's only root field, and its definition in `schema`. */
function rootField(schema: GraphQLSchema, operation: OperationDefinitionNode) {
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const [selection, ...rest] = operation.selectionSet.selections;
  if (!root || !selection || rest.length > 0 || selection.kind !== Kind.FIELD) throw new Error('a tool operation selects exactly one root field');
  const field = root.getFields()[selection.name.value];
  if (!field) throw new Error(`${root.name} has no field ${selection.name.value}`);
  return { root, selection, field };
}

/** The input schema: one property per variable, required when non-null without a default. */
export function operationInputSchema(schema: GraphQLSchema, operation: OperationDefinitionNode): JsonSchema {
  const { selection, field } = rootField(schema, operation);
  // A variable's description is that of the argument it is passed as.
  const argumentOf = new Map<string, GraphQLArgument>();
  for (const argument of selection.arguments ?? []) {
    const definition = field.args.find((candidate) => candidate.name === argument.name.value);
    if (argument.value.kind === Kind.VARIABLE && definition) argumentOf.set(argument.value.name.value, definition);
  }
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const variable of operation.variableDefinitions ?? []) {
    const name = variable.variable.name.value;
    const type = typeFromAST(schema, variable.type) as GraphQLInputType | undefined;
    if (!type) throw new Error(`unknown type of variable $${name}`);
    properties[name] = described(inputSchema(type), argumentOf.get(name)?.description);
    if (isNonNullType(type) && !variable.defaultValue) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

function outputSchema(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined): JsonSchema {
  if (isNonNullType(type)) return nonNullOutputSchema(type.ofType, selectionSet);
  return orNull(nonNullOutputSchema(type, selectionSet));
}

function nonNullOutputSchema(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined): JsonSchema {
  if (isListType(type)) return { type: 'array', items: outputSchema(type.ofType, selectionSet) };
  if (isScalarType(type)) return scalarSchema(type.name);
  if (isEnumType(type)) return described({ type: 'string', enum: type.getValues().map((value) => value.value) }, type.description);
  if ((isObjectType(type) || isInterfaceType(type)) && selectionSet) return described(selectionSchema(type.getFields(), selectionSet), type.description);
  throw new Error(`cannot describe ${String(getNamedType(type))} without a selection`);
}

function selectionSchema(fields: ReturnType<Extract<GraphQLOutputType, { getFields: unknown }>['getFields']>, selectionSet: SelectionSetNode): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) throw new Error('tool operations use no fragments');
    const field = fields[selection.name.value];
    if (!field) throw new Error(`unknown field ${selection.name.value}`);
    properties[selection.alias?.value ?? selection.name.value] = described(outputSchema(field.type, selection.selectionSet), field.description);
  }
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** The output schema: the operation's `data`, keyed by its root field (or the field's alias). */
export function operationOutputSchema(schema: GraphQLSchema, operation: OperationDefinitionNode): JsonSchema {
  const { root } = rootField(schema, operation);
  return selectionSchema(root.getFields(), operation.selectionSet);
}
