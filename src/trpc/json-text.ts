import type { DocumentPart } from './streamed-route.js';

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

/**
 * An answer a procedure leaves to the REST stream when it must answer something that can be large
 * after a write (follow, unfollow answer a profile): the document, sent whole up to `wholeUpTo`
 * bytes and streamed past that, in a large-answer slot of `userId`'s. Like JsonText, only the REST
 * path (`ctx.jsonAsText`) is handed one: rest.ts gives it to JsonStreams.sendAnswer (json-stream.ts).
 */
export class StreamedAnswer {
  constructor(
    readonly parts: DocumentPart[],
    readonly wholeUpTo: number,
    readonly userId: number,
    /** The error to answer when the document's first statement finds no row. */
    readonly whenMissing: () => Error,
  ) {}

  toJSON(): null {
    return null;
  }
}
