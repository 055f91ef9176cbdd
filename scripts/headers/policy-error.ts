// A page that the Content-Security-Policy could never allow (it loads from a third party, or
// carries inline style or handlers): the run stops, naming the page. Its own module, so that the
// command line can tell this failure apart without loading the HTML parser.
export class PolicyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PolicyError";
  }
}
