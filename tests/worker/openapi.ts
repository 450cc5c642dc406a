// The API reference as an OpenAPI 3.1 document, made from the calls' declarations (worker/lib/call.ts) as the app's
// route table holds them: path and method, role (a security requirement), session mode, replica use, address limit,
// and the body's zod contract as JSON Schema. tests/worker/openapi.test.ts keeps docs/api/openapi.json equal to it;
// the production Worker never carries it (docs/decisions/269). Answers are TypeScript types, not zod: `data` is
// described by naming the type the web's call map gives it.
import { z } from 'zod';
import { ERROR_CODES } from '../../core/contracts/errors';
import type { CallSpec } from '../../worker/lib/call';
import { declaredCalls } from './declared-calls';

type RouteLike = { method: string; path: string; handler: unknown };
type Json = Record<string, unknown>;

const SESSION = 'sessionToken';

/** The body's JSON Schema: what the contract accepts (its input side), without the draft's own `$schema` line. */
function bodySchema(body: CallSpec['body']): Json | null {
  if (body === 'raw') return null;
  const { $schema: _, ...schema } = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as Json;
  return schema;
}

function operation(method: string, path: string, spec: CallSpec, web: boolean): Json {
  const name = path.replace(/^\/api\//, '');
  const body = bodySchema(spec.body);
  const facts = [
    spec.role === 'public' ? 'No session.' : `Role: ${spec.role}.`,
    spec.session === 'batch' ? 'The session is looked up in the call’s own batch.' : null,
    spec.session === 'beside' ? 'Bounded reads start beside the session lookup.' : null,
    spec.replica ? 'A read replica may answer.' : null,
    spec.limit ? `Limited per client address (${spec.limit}).` : null,
    web ? null : 'Not called by the web: a webhook, a mail provider’s link, the probe or a local-mode tool.',
  ].filter(Boolean);
  return {
    operationId: method === 'post' ? name : `${method}_${name}`,
    tags: [web ? 'web' : 'outside'],
    description: facts.join(' '),
    security: spec.role === 'public' ? [] : [{ [SESSION]: [spec.role] }],
    'x-samiti-call': {
      role: spec.role,
      ...(spec.role !== 'public' && spec.session ? { session: spec.session } : {}),
      ...(spec.replica ? { replica: true } : {}),
      ...(spec.limit ? { limit: spec.limit } : {}),
    },
    ...(body
      ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } }
      : method === 'post'
        ? { requestBody: { description: 'Read by the handler itself (a signed raw body, a form, a query).' } }
        : {}),
    responses: {
      // OpenAPI 3.1 lets a reference carry its own description
      '200': {
        $ref: '#/components/responses/Answer',
        description: web
          ? `The answer: \`data\` is \`CallData<'${name}'>\` of web/lib/calls.ts, the type the handler returns.`
          : 'The answer, as the handler gives it.',
      },
      '4XX': { $ref: '#/components/responses/Refused' },
      '5XX': { $ref: '#/components/responses/Refused' },
    },
  };
}

/**
 * The document. `webPaths` are the calls mounted in the web's call map (AppType), the others are made by
 * someone else; both are declared alike.
 */
export function openApiDocument(routes: readonly RouteLike[], webPaths: ReadonlySet<string>): Json {
  const { calls, problems } = declaredCalls(routes);
  if (problems.length) throw new Error(`undeclared routes: ${problems.join('; ')}`);
  const paths: Record<string, Json> = {};
  const byPath = [...calls].map(([key, spec]) => [...(key.split(' ') as [string, string]), spec] as const);
  for (const [method, path, spec] of byPath.sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]))) {
    const web = webPaths.has(path);
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation(method.toLowerCase(), path, spec, web) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Samiti API',
      version: '1',
      description:
        'Generated from the calls’ declarations (worker/lib/call.ts) by tests/worker/openapi.test.ts; ' +
        'UPDATE_OPENAPI=1 rewrites it. Every call is POST /api/<name> with a JSON body (SPEC.md); a success ' +
        'answers `{ data }`, a failure `{ error, desc, key?, params? }` with a non-2xx status.',
    },
    paths,
    components: {
      securitySchemes: {
        [SESSION]: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Session-Token',
          description: 'The session of /login; a requirement’s scope names the role the call needs.',
        },
      },
      schemas: {
        Answer: { type: 'object', required: ['data'], properties: { data: {} } },
        ErrorAnswer: {
          type: 'object',
          required: ['error', 'desc'],
          properties: {
            error: { type: 'string', enum: [...ERROR_CODES] },
            desc: { type: 'string', description: 'The message in English.' },
            key: { type: 'string', description: 'The message’s key in the catalogue (core/i18n).' },
            params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
          },
        },
      },
      responses: {
        Answer: {
          description: 'The answer: `{ data }`.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } },
        },
        Refused: {
          description: 'Refused or failed: the error envelope.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
        },
      },
    },
  };
}
