import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod
 * response schema, compiled once per route, instead of being checked with zod and then
 * written with JSON.stringify on every request (docs/decisions/102-request-path.md).
 *
 * What a response can hold is still decided by the shared schema: properties it does not
 * declare are left out (as zod's parse dropped them), and a missing required property fails
 * the request with a 500. What is no longer checked per response is each value's type and
 * range, which the TypeScript types of the route handlers already hold. A schema that has no
 * JSON Schema form keeps the zod serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = zodSchemaOf(route.schema);
  if (!schema) return zodSerializerCompiler(route as never);
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route as never);
  }
};

function zodSchemaOf(schema: unknown): ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  if (
    schema &&
    typeof schema === 'object' &&
    'properties' in schema &&
    schema.properties instanceof z.ZodType
  ) {
    return schema.properties;
  }
  return null;
}
