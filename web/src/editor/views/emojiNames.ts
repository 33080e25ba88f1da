/** GitHub's emoji shortcodes (gemoji), name → emoji. */
export type EmojiNames = Readonly<Record<string, string>>;

let loading: Promise<EmojiNames> | undefined;

/**
 * Only the name → emoji map, as a lazy chunk: `virtual:gemoji-names` is written at build time from
 * gemoji's list (web/vite.config.ts), without its tags, descriptions and categories.
 */
export function loadEmojiNames(): Promise<EmojiNames> {
  loading ??= import('virtual:gemoji-names').then((module) => module.default);
  return loading;
}
