// The gate section of the config schema alone, as `{ gate }`: what a result
// stores of the gate's rules is checked against it (config/issues.ts). A leaf,
// so the validator generator (scripts/gen-validators.ts) builds the same
// schema the code means.
import schema from '../../schema/config.schema.json' with { type: 'json' };

export const GATE_SECTION_SCHEMA = {
  definitions: schema.definitions,
  type: 'object',
  properties: { gate: schema.properties.gate },
};
