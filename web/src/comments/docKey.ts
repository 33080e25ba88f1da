import type { Tab } from '../state/types';

/** One document per file (two tabs on one file share its comments); untitled tabs are `untitled:<tabId>`. */
export const docKeyOf = (tab: Tab): string => tab.filePath ?? `untitled:${tab.id}`;
