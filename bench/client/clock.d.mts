/** ms to add to performance.now() to get ms since `base` (hrtime ns) on the shared clock. */
export function clockOffsetMs(base: bigint): number;
