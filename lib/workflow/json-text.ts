/**
 * A value a server page hands a client component as JSON text. React's server-component payload carries an object
 * value by value: the server encodes it, and it is revived value by value where it lands (on a first load twice: once
 * to render the HTML, once in the browser to hydrate). A string crosses as it is and is parsed once, natively — for
 * the editor's 1,000-node graph (~330 KB) and the catalogue (~60 KB) on every open, that is the difference.
 */
export type JsonText<T> = string & { readonly __jsonOf: T };

export const toJsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

export const parseJsonText = <T>(text: JsonText<T>): T => JSON.parse(text) as T;
