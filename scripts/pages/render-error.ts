// A template that threw while rendering a page: the run stops, naming the page's path.
// Its own module, so that the command line can tell this failure apart without loading React.
export class RenderError extends Error {
  constructor(
    readonly routePath: string,
    cause: unknown,
  ) {
    super(`Rendering ${routePath} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = "RenderError";
  }
}
