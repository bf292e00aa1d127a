import { registerSchema, validate } from '@hyperjump/json-schema/draft-2020-12';

/**
 * A second, independent JSON Schema 2020-12 implementation (Hyperjump), `format` left as an
 * annotation as the specification's default: its verdict is what any client of the published
 * schema would reach.
 */
export async function independentValidator(schema: { readonly $id: string }): Promise<(instance: unknown) => boolean> {
  // A JSON round trip: the library accepts plain JSON objects of its own realm only.
  registerSchema(JSON.parse(JSON.stringify(schema)) as Parameters<typeof registerSchema>[0]);
  const compiled = await validate(schema.$id);
  return (instance) => compiled(instance as Parameters<typeof compiled>[0]).valid;
}
