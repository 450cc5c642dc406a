// Stands in for zod's JSON Schema conversion in the Worker's bundle (wrangler.toml [alias], docs/decisions/234):
// every classic schema refers to it, but only .toJSONSchema() and Standard Schema's jsonSchema ever call it, and
// the Worker calls neither. Reaching one of these is a bug; it fails loudly.
const unavailable = () => {
  throw new Error('zod JSON Schema conversion is not part of the Worker (docs/decisions/234)');
};
export const toJSONSchema = unavailable;
export const createToJSONSchemaMethod = unavailable;
export const createStandardJSONSchemaMethod = unavailable;
export const JSONSchemaGenerator = unavailable;
