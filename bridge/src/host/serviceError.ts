/** A host service refusal: `code` travels to the editor, `message` is for people. */
export class ServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
