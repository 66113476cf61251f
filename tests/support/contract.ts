import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export type Operation = {
  security?: unknown[];
  parameters?: { in: string; name: string; schema: any }[];
  requestBody?: { content: Record<string, { schema: any }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>;
};

export type OpenApiDocument = {
  openapi: string;
  info: { version: string; license?: { name: string } };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, any>; headers?: Record<string, unknown> };
};

/**
 * Checks real responses against the OpenAPI document: is the status documented for the operation,
 * and does the body match the schema documented for that status?
 */
export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument) {
    addFormats(this.ajv);
    // Schemas point at "#/components/schemas/…" of the document: resolve them against it.
    this.ajv.addSchema({ $id: 'openapi.json', components: doc.components });
  }

  operations() {
    return Object.entries(this.doc.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })),
    );
  }

  /** undefined when the status is valid for the operation, else what is wrong. */
  violation(method: string, template: string, status: number, text: string, body: unknown): string | undefined {
    const response = this.doc.paths[template]?.[method.toLowerCase()]?.responses[String(status)];
    if (!response) return `${method} ${template} does not document ${status}: ${text.slice(0, 300)}`;
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return text === '' ? undefined : `${method} ${template} ${status} should have no body`;
    const key = `${method} ${template} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
      this.validators.set(key, (validate = this.ajv.compile(rebased)));
    }
    return validate(body) ? undefined : `${key}: ${JSON.stringify(validate.errors)} in ${text.slice(0, 300)}`;
  }
}
