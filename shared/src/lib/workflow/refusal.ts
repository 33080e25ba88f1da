/** A patch that cannot be applied as asked; `applyPatches` reports its message with the patch index. */
export class PatchRefusal extends Error {
  override name = 'PatchRefusal';
}

export function refuse(message: string): never {
  throw new PatchRefusal(message);
}
