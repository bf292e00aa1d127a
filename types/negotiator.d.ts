declare module 'negotiator' {
  interface NegotiatorRequest {
    headers: Readonly<Record<string, string | string[] | undefined>>;
  }
  class Negotiator {
    constructor(request: NegotiatorRequest);
    /** The most preferred of `available` by the request's Accept (RFC 9110 §12.5.1), or undefined when it accepts none. */
    mediaType(available?: readonly string[]): string | undefined;
    mediaTypes(available?: readonly string[]): string[];
  }
  export default Negotiator;
}
