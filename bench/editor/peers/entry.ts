import { openMilkdown } from './milkdown';
import { openTiptapMarkdown } from './tiptapMarkdown';

/** The bundle the bench evaluates in the editor page: the peers, reachable as `globalThis.__vmarkPeers`. */
(globalThis as Record<string, unknown>).__vmarkPeers = { milkdown: openMilkdown, tiptapMarkdown: openTiptapMarkdown };
