/**
 * JSON that PostgreSQL built, kept as its text. The REST adapter sends it to the socket as is
 * (see rest.ts): no parse, no validation, no second serialisation of what can be megabytes.
 * `JSON.stringify` of one gives `null`; only the REST path, which swaps in the text, receives one.
 */
export class JsonText {
  constructor(readonly text: string) {}

  toJSON(): null {
    return null;
  }
}

/**
 * The value of type T that `text` encodes: parsed for tRPC and server-side callers, kept as text
 * where the transport sends it untouched (`asText`). The statement fixes the shape; the contract
 * tests check it against the schema.
 */
export function jsonValue<T>(text: string, asText: boolean): T {
  return (asText ? new JsonText(text) : JSON.parse(text)) as T;
}
