// How many trials a calibration runs, in a leaf of its own: the CLI's usage
// text names them without loading the statistics.

/** An A/A split needs two trials a side. */
export const MIN_CALIBRATION_TRIALS = 4;

/** A default calibration runs at least this many trials. */
export const DEFAULT_CALIBRATION_TRIALS = 6;
