// Bundle entry for dist/consoleShim.js (injected into AI tabs at commit, MAIN world; wakes a dormant early shim).
import { consoleShimSource } from './consoleShim';

consoleShimSource('active');
