/** Set by the ISOLATED gate, read and removed by the MAIN early shim before any page script runs. */
export const CONSOLE_GATE_ATTRIBUTE = 'data-vmark-console-early';
