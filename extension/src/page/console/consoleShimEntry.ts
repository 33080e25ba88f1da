// Bundle entry for dist/consoleShim.js (registered as a MAIN-world content script).
import { consoleShimSource } from './consoleShim';

consoleShimSource();
