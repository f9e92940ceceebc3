import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  CATALOGUE,
  ConfigError,
  DatasetError,
  HIST_SCALE,
  RESULT_SCHEMA,
  RunSetupError,
  TOOL_VERSION,
  TargetError,
  createRng,
  decodeHistogram,
  gatePlanFromStored,
  loadGatePlan,
  loadPlan,
  metricDef,
  minSamplesFor,
  renderTable,
  require_ajv,
  resultTable,
  runPlan
} from "./chunks/chunk-ADION74E.js";
import {
  __toESM
} from "./chunks/chunk-SK3CJ3HN.js";

// src/cli/io.ts
var EXIT = { ok: 0, fail: 1, usage: 2, invalid: 3, interrupted: 130 };
function processIo() {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    onInterrupt(handler) {
      let count = 0;
      const h = () => {
        if (++count > 1) process.exit(EXIT.interrupted);
        handler();
      };
      process.on("SIGINT", h);
      process.on("SIGTERM", h);
      return () => {
        process.off("SIGINT", h);
        process.off("SIGTERM", h);
      };
    }
  };
}

// src/cli/main.ts
import { parseArgs } from "node:util";

// src/result/read.ts
import { readFile } from "node:fs/promises";

// src/result/validate.ts
var import_ajv = __toESM(require_ajv(), 1);

// schema/result.schema.json
var result_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://llm-perf-gate.dev/schema/result@1.json",
  title: "llm-perf-gate result@1",
  description: "One run of a workload matrix against an OpenAI-compatible endpoint. Metric definitions: docs/metrics.md.",
  type: "object",
  additionalProperties: false,
  required: [
    "schema",
    "tool",
    "status",
    "error",
    "started_at",
    "finished_at",
    "config",
    "config_hash",
    "workload_hash",
    "target",
    "machine",
    "git",
    "ab",
    "cells"
  ],
  properties: {
    schema: {
      const: "llm-perf-gate/result@1"
    },
    tool: {
      type: "object",
      additionalProperties: false,
      required: [
        "name",
        "version"
      ],
      properties: {
        name: {
          const: "llm-perf-gate"
        },
        version: {
          type: "string"
        }
      }
    },
    status: {
      enum: [
        "running",
        "complete",
        "interrupted",
        "failed"
      ]
    },
    error: {
      type: [
        "string",
        "null"
      ]
    },
    started_at: {
      type: "string",
      format: "date-time"
    },
    finished_at: {
      type: [
        "string",
        "null"
      ],
      format: "date-time"
    },
    config: {
      type: "object"
    },
    config_hash: {
      type: "string",
      pattern: "^[0-9a-f]{64}$"
    },
    workload_hash: {
      type: [
        "string",
        "null"
      ],
      pattern: "^[0-9a-f]{64}$"
    },
    target: {
      oneOf: [
        {
          type: "null"
        },
        {
          type: "object",
          additionalProperties: false,
          required: [
            "url",
            "api",
            "model",
            "models",
            "server_headers",
            "system_fingerprint",
            "model_entries"
          ],
          properties: {
            url: {
              type: "string",
              pattern: "^https?://[^@/]+(/.*)?$"
            },
            api: {
              enum: [
                "chat",
                "completions"
              ]
            },
            model: {
              type: "string"
            },
            models: {
              type: "array",
              items: {
                type: "string"
              }
            },
            server_headers: {
              type: "object",
              additionalProperties: {
                type: "string"
              }
            },
            system_fingerprint: {
              type: [
                "string",
                "null"
              ]
            },
            model_entries: {
              type: "array"
            }
          }
        }
      ]
    },
    machine: {
      type: "object",
      additionalProperties: false,
      required: [
        "platform",
        "arch",
        "cpu_model",
        "cpus",
        "memory_gb",
        "node"
      ],
      properties: {
        platform: {
          type: "string"
        },
        arch: {
          type: "string"
        },
        cpu_model: {
          type: "string"
        },
        cpus: {
          type: "integer",
          minimum: 0
        },
        memory_gb: {
          type: "number",
          minimum: 0
        },
        node: {
          type: "string"
        }
      }
    },
    git: {
      oneOf: [
        {
          type: "null"
        },
        {
          type: "object",
          additionalProperties: false,
          required: [
            "commit",
            "ref"
          ],
          properties: {
            commit: {
              type: "string",
              pattern: "^[0-9a-f]{40,64}$"
            },
            ref: {
              type: [
                "string",
                "null"
              ]
            }
          }
        }
      ]
    },
    cells: {
      type: "array",
      items: {
        $ref: "#/definitions/cell"
      }
    },
    ab: {
      oneOf: [
        {
          type: "null"
        },
        {
          type: "object",
          additionalProperties: false,
          required: [
            "run_id",
            "side"
          ],
          properties: {
            run_id: {
              type: "string",
              minLength: 1
            },
            side: {
              enum: [
                "baseline",
                "candidate"
              ]
            }
          }
        }
      ]
    }
  },
  definitions: {
    rate: {
      type: "number",
      minimum: 0
    },
    nullableRate: {
      type: [
        "number",
        "null"
      ],
      minimum: 0
    },
    distribution: {
      oneOf: [
        {
          type: "null"
        },
        {
          type: "object",
          additionalProperties: false,
          required: [
            "unit",
            "n",
            "mean",
            "stddev",
            "min",
            "p50",
            "p90",
            "p95",
            "p99",
            "max",
            "hist"
          ],
          properties: {
            unit: {
              enum: [
                "ms",
                "tok/s"
              ]
            },
            n: {
              type: "integer",
              minimum: 1
            },
            mean: {
              type: "number"
            },
            stddev: {
              type: "number",
              minimum: 0
            },
            min: {
              type: "number"
            },
            p50: {
              type: [
                "number",
                "null"
              ]
            },
            p90: {
              type: [
                "number",
                "null"
              ]
            },
            p95: {
              type: [
                "number",
                "null"
              ]
            },
            p99: {
              type: [
                "number",
                "null"
              ]
            },
            max: {
              type: "number"
            },
            hist: {
              type: "string",
              pattern: "^[A-Za-z0-9+/=]+$"
            }
          }
        }
      ]
    },
    errorSummary: {
      type: "object",
      additionalProperties: false,
      required: [
        "count",
        "examples"
      ],
      properties: {
        count: {
          type: "integer",
          minimum: 1
        },
        examples: {
          type: "array",
          maxItems: 3,
          items: {
            type: "string"
          }
        }
      }
    },
    numArray: {
      type: "array",
      items: {
        type: "number"
      }
    },
    cell: {
      type: "object",
      additionalProperties: false,
      required: [
        "id",
        "scenario",
        "load",
        "status",
        "workload_hash",
        "started_at",
        "duration_s",
        "metrics",
        "client",
        "trials"
      ],
      properties: {
        id: {
          type: "string"
        },
        scenario: {
          type: "object",
          additionalProperties: false,
          required: [
            "name",
            "input_tokens",
            "output_tokens",
            "shared_prefix_tokens",
            "dataset"
          ],
          properties: {
            name: {
              type: "string"
            },
            input_tokens: {
              type: [
                "integer",
                "null"
              ],
              minimum: 1
            },
            output_tokens: {
              type: "integer",
              minimum: 1
            },
            shared_prefix_tokens: {
              type: "integer",
              minimum: 0
            },
            dataset: {
              type: [
                "string",
                "null"
              ]
            }
          }
        },
        load: {
          oneOf: [
            {
              type: "object",
              additionalProperties: false,
              required: [
                "kind",
                "label",
                "concurrency"
              ],
              properties: {
                kind: {
                  const: "concurrency"
                },
                label: {
                  type: "string"
                },
                concurrency: {
                  type: "integer",
                  minimum: 1
                }
              }
            },
            {
              type: "object",
              additionalProperties: false,
              required: [
                "kind",
                "label",
                "rate",
                "arrival",
                "burstiness",
                "max_concurrency"
              ],
              properties: {
                kind: {
                  const: "rate"
                },
                label: {
                  type: "string"
                },
                rate: {
                  type: "number",
                  exclusiveMinimum: 0
                },
                arrival: {
                  enum: [
                    "poisson",
                    "gamma"
                  ]
                },
                burstiness: {
                  type: "number",
                  exclusiveMinimum: 0
                },
                max_concurrency: {
                  type: [
                    "integer",
                    "null"
                  ],
                  minimum: 1
                }
              }
            }
          ]
        },
        status: {
          enum: [
            "complete",
            "duration-limit",
            "interrupted"
          ]
        },
        workload_hash: {
          type: "string",
          pattern: "^[0-9a-f]{64}$"
        },
        started_at: {
          type: "string",
          format: "date-time"
        },
        duration_s: {
          type: "number",
          minimum: 0
        },
        client: {
          $ref: "#/definitions/client"
        },
        metrics: {
          $ref: "#/definitions/cellMetrics"
        },
        trials: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            additionalProperties: false,
            required: [
              "index",
              "pair",
              "status",
              "started_at",
              "duration_s",
              "metrics",
              "client",
              "samples"
            ],
            properties: {
              index: {
                type: "integer",
                minimum: 0
              },
              pair: {
                type: [
                  "integer",
                  "null"
                ],
                minimum: 0
              },
              status: {
                enum: [
                  "complete",
                  "duration-limit",
                  "interrupted"
                ]
              },
              started_at: {
                type: "string",
                format: "date-time"
              },
              duration_s: {
                type: "number",
                minimum: 0
              },
              metrics: {
                $ref: "#/definitions/trialMetrics"
              },
              client: {
                $ref: "#/definitions/client"
              },
              samples: {
                type: "object",
                additionalProperties: false,
                required: [
                  "from",
                  "to"
                ],
                properties: {
                  from: {
                    type: "integer",
                    minimum: 0
                  },
                  to: {
                    type: "integer",
                    minimum: 0
                  }
                }
              }
            }
          }
        }
      }
    },
    cellMetrics: {
      type: "object",
      additionalProperties: false,
      required: [
        "counts",
        "window_s",
        "rps",
        "input_tps",
        "output_tps",
        "total_tps",
        "error_rate",
        "goodput_rps",
        "goodput_ratio",
        "ttft_ms",
        "queued_ttft_ms",
        "tpot_ms",
        "itl_ms",
        "e2e_ms",
        "queued_e2e_ms",
        "user_tps",
        "schedule_lag_ms",
        "concurrency",
        "offered_rps",
        "tokens",
        "errors",
        "samples"
      ],
      properties: {
        counts: {
          type: "object",
          additionalProperties: false,
          required: [
            "attempted",
            "completed",
            "failed",
            "warmup",
            "not_sent",
            "cancelled"
          ],
          properties: {
            attempted: {
              type: "integer",
              minimum: 0
            },
            completed: {
              type: "integer",
              minimum: 0
            },
            failed: {
              type: "integer",
              minimum: 0
            },
            warmup: {
              type: "integer",
              minimum: 0
            },
            not_sent: {
              type: "integer",
              minimum: 0
            },
            cancelled: {
              type: "integer",
              minimum: 0
            }
          }
        },
        window_s: {
          $ref: "#/definitions/rate"
        },
        rps: {
          $ref: "#/definitions/rate"
        },
        input_tps: {
          $ref: "#/definitions/rate"
        },
        output_tps: {
          $ref: "#/definitions/rate"
        },
        total_tps: {
          $ref: "#/definitions/rate"
        },
        error_rate: {
          type: "number",
          minimum: 0,
          maximum: 1
        },
        goodput_rps: {
          $ref: "#/definitions/nullableRate"
        },
        goodput_ratio: {
          type: [
            "number",
            "null"
          ],
          minimum: 0,
          maximum: 1
        },
        ttft_ms: {
          $ref: "#/definitions/distribution"
        },
        queued_ttft_ms: {
          $ref: "#/definitions/distribution"
        },
        tpot_ms: {
          $ref: "#/definitions/distribution"
        },
        itl_ms: {
          $ref: "#/definitions/distribution"
        },
        e2e_ms: {
          $ref: "#/definitions/distribution"
        },
        queued_e2e_ms: {
          $ref: "#/definitions/distribution"
        },
        user_tps: {
          $ref: "#/definitions/distribution"
        },
        schedule_lag_ms: {
          $ref: "#/definitions/distribution"
        },
        concurrency: {
          type: "object",
          additionalProperties: false,
          required: [
            "achieved_mean",
            "achieved_max"
          ],
          properties: {
            achieved_mean: {
              type: "number",
              minimum: 0
            },
            achieved_max: {
              type: "integer",
              minimum: 0
            }
          }
        },
        offered_rps: {
          $ref: "#/definitions/nullableRate"
        },
        tokens: {
          type: "object",
          additionalProperties: false,
          required: [
            "input_mean",
            "output_mean",
            "output_requested_mean",
            "output_honoured",
            "tokens_per_chunk_mean",
            "sources"
          ],
          properties: {
            input_mean: {
              type: [
                "number",
                "null"
              ]
            },
            output_mean: {
              type: [
                "number",
                "null"
              ]
            },
            output_requested_mean: {
              type: [
                "number",
                "null"
              ]
            },
            output_honoured: {
              type: [
                "number",
                "null"
              ],
              minimum: 0,
              maximum: 1
            },
            tokens_per_chunk_mean: {
              type: [
                "number",
                "null"
              ]
            },
            sources: {
              type: "object",
              additionalProperties: false,
              required: [
                "server",
                "client"
              ],
              properties: {
                server: {
                  type: "integer",
                  minimum: 0
                },
                client: {
                  type: "integer",
                  minimum: 0
                }
              }
            }
          }
        },
        errors: {
          type: "object",
          additionalProperties: false,
          properties: {
            connect: {
              $ref: "#/definitions/errorSummary"
            },
            timeout: {
              $ref: "#/definitions/errorSummary"
            },
            "http-4xx": {
              $ref: "#/definitions/errorSummary"
            },
            "http-5xx": {
              $ref: "#/definitions/errorSummary"
            },
            "stream-error": {
              $ref: "#/definitions/errorSummary"
            },
            "cut-off": {
              $ref: "#/definitions/errorSummary"
            },
            "bad-response": {
              $ref: "#/definitions/errorSummary"
            }
          }
        },
        samples: {
          type: "object",
          additionalProperties: false,
          required: [
            "ttft_ms",
            "queued_ttft_ms",
            "e2e_ms",
            "tpot_ms",
            "n_in",
            "n_out"
          ],
          properties: {
            ttft_ms: {
              $ref: "#/definitions/numArray"
            },
            queued_ttft_ms: {
              $ref: "#/definitions/numArray"
            },
            e2e_ms: {
              $ref: "#/definitions/numArray"
            },
            tpot_ms: {
              type: "array",
              items: {
                type: [
                  "number",
                  "null"
                ]
              }
            },
            n_in: {
              $ref: "#/definitions/numArray"
            },
            n_out: {
              $ref: "#/definitions/numArray"
            }
          }
        }
      }
    },
    trialMetrics: {
      type: "object",
      additionalProperties: false,
      required: [
        "counts",
        "window_s",
        "rps",
        "input_tps",
        "output_tps",
        "total_tps",
        "error_rate",
        "goodput_rps",
        "goodput_ratio",
        "ttft_ms",
        "queued_ttft_ms",
        "tpot_ms",
        "itl_ms",
        "e2e_ms",
        "queued_e2e_ms",
        "user_tps",
        "schedule_lag_ms",
        "concurrency",
        "offered_rps",
        "tokens",
        "errors"
      ],
      properties: {
        counts: {
          type: "object",
          additionalProperties: false,
          required: [
            "attempted",
            "completed",
            "failed",
            "warmup",
            "not_sent",
            "cancelled"
          ],
          properties: {
            attempted: {
              type: "integer",
              minimum: 0
            },
            completed: {
              type: "integer",
              minimum: 0
            },
            failed: {
              type: "integer",
              minimum: 0
            },
            warmup: {
              type: "integer",
              minimum: 0
            },
            not_sent: {
              type: "integer",
              minimum: 0
            },
            cancelled: {
              type: "integer",
              minimum: 0
            }
          }
        },
        window_s: {
          $ref: "#/definitions/rate"
        },
        rps: {
          $ref: "#/definitions/rate"
        },
        input_tps: {
          $ref: "#/definitions/rate"
        },
        output_tps: {
          $ref: "#/definitions/rate"
        },
        total_tps: {
          $ref: "#/definitions/rate"
        },
        error_rate: {
          type: "number",
          minimum: 0,
          maximum: 1
        },
        goodput_rps: {
          $ref: "#/definitions/nullableRate"
        },
        goodput_ratio: {
          type: [
            "number",
            "null"
          ],
          minimum: 0,
          maximum: 1
        },
        ttft_ms: {
          $ref: "#/definitions/distribution"
        },
        queued_ttft_ms: {
          $ref: "#/definitions/distribution"
        },
        tpot_ms: {
          $ref: "#/definitions/distribution"
        },
        itl_ms: {
          $ref: "#/definitions/distribution"
        },
        e2e_ms: {
          $ref: "#/definitions/distribution"
        },
        queued_e2e_ms: {
          $ref: "#/definitions/distribution"
        },
        user_tps: {
          $ref: "#/definitions/distribution"
        },
        schedule_lag_ms: {
          $ref: "#/definitions/distribution"
        },
        concurrency: {
          type: "object",
          additionalProperties: false,
          required: [
            "achieved_mean",
            "achieved_max"
          ],
          properties: {
            achieved_mean: {
              type: "number",
              minimum: 0
            },
            achieved_max: {
              type: "integer",
              minimum: 0
            }
          }
        },
        offered_rps: {
          $ref: "#/definitions/nullableRate"
        },
        tokens: {
          type: "object",
          additionalProperties: false,
          required: [
            "input_mean",
            "output_mean",
            "output_requested_mean",
            "output_honoured",
            "tokens_per_chunk_mean",
            "sources"
          ],
          properties: {
            input_mean: {
              type: [
                "number",
                "null"
              ]
            },
            output_mean: {
              type: [
                "number",
                "null"
              ]
            },
            output_requested_mean: {
              type: [
                "number",
                "null"
              ]
            },
            output_honoured: {
              type: [
                "number",
                "null"
              ],
              minimum: 0,
              maximum: 1
            },
            tokens_per_chunk_mean: {
              type: [
                "number",
                "null"
              ]
            },
            sources: {
              type: "object",
              additionalProperties: false,
              required: [
                "server",
                "client"
              ],
              properties: {
                server: {
                  type: "integer",
                  minimum: 0
                },
                client: {
                  type: "integer",
                  minimum: 0
                }
              }
            }
          }
        },
        errors: {
          type: "object",
          additionalProperties: false,
          properties: {
            connect: {
              $ref: "#/definitions/errorSummary"
            },
            timeout: {
              $ref: "#/definitions/errorSummary"
            },
            "http-4xx": {
              $ref: "#/definitions/errorSummary"
            },
            "http-5xx": {
              $ref: "#/definitions/errorSummary"
            },
            "stream-error": {
              $ref: "#/definitions/errorSummary"
            },
            "cut-off": {
              $ref: "#/definitions/errorSummary"
            },
            "bad-response": {
              $ref: "#/definitions/errorSummary"
            }
          }
        }
      }
    },
    client: {
      type: "object",
      additionalProperties: false,
      required: [
        "event_loop_delay_p99_ms",
        "event_loop_delay_max_ms",
        "saturated",
        "reasons"
      ],
      properties: {
        event_loop_delay_p99_ms: {
          type: "number",
          minimum: 0
        },
        event_loop_delay_max_ms: {
          type: "number",
          minimum: 0
        },
        saturated: {
          type: "boolean"
        },
        reasons: {
          type: "array",
          items: {
            type: "string"
          }
        }
      }
    }
  }
};

// src/result/validate.ts
var compiled = null;
function validateResult(doc) {
  compiled ??= new import_ajv.Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(result_schema_default);
  if (compiled(doc)) return [];
  return (compiled.errors ?? []).map((e) => `${e.instancePath || "/"}: ${e.message ?? "invalid"}`);
}

// src/result/read.ts
var ResultFileError = class extends Error {
  constructor(file, message, options) {
    super(`${file}: ${message}`, options);
    this.file = file;
    this.name = "ResultFileError";
  }
  file;
};
async function readResult(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new ResultFileError(file, `cannot read: ${err.message}`, { cause: err });
  }
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ResultFileError(file, `not JSON: ${err.message}`, { cause: err });
  }
  const schema = doc?.schema;
  if (schema !== RESULT_SCHEMA) {
    throw new ResultFileError(
      file,
      `schema is ${JSON.stringify(schema) ?? "missing"}, this tool reads ${RESULT_SCHEMA} only`
    );
  }
  const problems = validateResult(doc);
  if (problems.length > 0) {
    throw new ResultFileError(file, `does not match ${RESULT_SCHEMA}: ${problems.slice(0, 5).join("; ")}`);
  }
  return doc;
}

// src/cli/compare-command.ts
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";

// src/gate/stats/quantile.ts
function checkQ(q, fn) {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`${fn}: q must be in [0, 1], got ${q}`);
}
function quantileSorted(sorted, q) {
  checkQ(q, "quantileSorted");
  const n = sorted.length;
  if (n === 0) throw new RangeError("quantileSorted: empty data");
  const h = (n - 1) * q;
  const i = Math.floor(h);
  const lo = sorted[i];
  if (i + 1 >= n) return lo;
  const frac = h - i;
  const hi = sorted[i + 1];
  if (frac === 0 || lo === hi) return lo;
  if (hi === Infinity) return Infinity;
  if (lo === -Infinity) return -Infinity;
  return lo + frac * (hi - lo);
}
function isBucketWalk(h) {
  const w = h;
  return typeof w.getCountAtIndex === "function" && typeof w.valueFromIndex === "function" && typeof w.countsArrayLength === "number";
}
var DEFAULT_HISTOGRAM_CAP = 1e4;
function histogramValues(encoded, cap = DEFAULT_HISTOGRAM_CAP) {
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError(`histogramValues: cap must be a positive integer, got ${cap}`);
  const h = decodeHistogram(encoded);
  try {
    if (!isBucketWalk(h)) throw new TypeError("histogramValues: decoded histogram does not expose its buckets");
    const total = h.totalCount;
    const m = Math.min(total, cap);
    const out = new Float64Array(m);
    if (m === 0) return out;
    const thin = total > cap;
    let emitted = 0;
    let cumulative = 0;
    let target = thin ? Math.floor(0.5 * total / cap) : 0;
    for (let i = 0; i < h.countsArrayLength && emitted < m; i++) {
      const c = h.getCountAtIndex(i);
      if (c === 0) continue;
      const value = h.medianEquivalentValue(h.valueFromIndex(i)) / HIST_SCALE;
      cumulative += c;
      if (!thin) {
        for (let j = 0; j < c; j++) out[emitted++] = value;
        continue;
      }
      while (emitted < m && target < cumulative) {
        out[emitted++] = value;
        target = Math.floor((emitted + 0.5) * total / cap);
      }
    }
    return out;
  } finally {
    h.destroy();
  }
}

// src/gate/stats/special.ts
var LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
var LANCZOS = [
  0.9999999999998099,
  676.5203681218851,
  -1259.1392167224028,
  771.3234287776531,
  -176.6150291621406,
  12.507343278686905,
  -0.13857109526572012,
  9984369578019572e-21,
  15056327351493116e-23
];
function logGamma(x) {
  if (x < 0.5) {
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  }
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return LOG_SQRT_2PI + (z + 0.5) * Math.log(t) - t + Math.log(a);
}
var EPS = 1e-16;
var TINY = 1e-300;
var MAX_ITER = 1e4;
function betaContinuedFraction(a, b, x) {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - qab * x / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITER; m++) {
    const m2 = 2 * m;
    let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) return h;
  }
  return h;
}
function incompleteBeta(a, b, x, y = 1 - x) {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(y);
  if (x < (a + 1) / (a + b + 2)) return Math.exp(logFront) * betaContinuedFraction(a, b, x) / a;
  return 1 - Math.exp(logFront) * betaContinuedFraction(b, a, y) / b;
}
function upperIncompleteGamma(a, x) {
  if (x <= 0) return 1;
  const logFront = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let ap = a;
    let sum = 1 / a;
    let del = sum;
    for (let n = 0; n < MAX_ITER; n++) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * EPS) break;
    }
    return 1 - sum * Math.exp(logFront);
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i <= MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(logFront) * h;
}
function normalCdf(z) {
  if (Number.isNaN(z)) return NaN;
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  const tail = 0.5 * upperIncompleteGamma(0.5, z * z / 2);
  return z < 0 ? tail : 1 - tail;
}
var AK_A = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
var AK_B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
var AK_C = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
var AK_D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
function acklamLower(p) {
  const [a0, a1, a2, a3, a4, a5] = AK_A;
  const [b0, b1, b2, b3, b4] = AK_B;
  const [c0, c1, c2, c3, c4, c5] = AK_C;
  const [d0, d1, d2, d3] = AK_D;
  if (p < 0.02425) {
    const q2 = Math.sqrt(-2 * Math.log(p));
    return (((((c0 * q2 + c1) * q2 + c2) * q2 + c3) * q2 + c4) * q2 + c5) / ((((d0 * q2 + d1) * q2 + d2) * q2 + d3) * q2 + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
}
function normalQuantile(p) {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (p > 0.5) return -normalQuantile(1 - p);
  let x = acklamLower(p);
  for (let i = 0; i < 2; i++) {
    const e = normalCdf(x) - p;
    const u = e * Math.sqrt(2 * Math.PI) * Math.exp(x * x / 2);
    x -= u / (1 + x * u / 2);
  }
  return x;
}
function checkDf(df, fn) {
  if (!(df > 0)) throw new RangeError(`${fn}: df must be > 0, got ${df}`);
}
function tCdf(t, df) {
  checkDf(df, "tCdf");
  if (Number.isNaN(t)) return NaN;
  if (df > 1e10) return normalCdf(t);
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const t2 = t * t;
  const tail = 0.5 * incompleteBeta(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
  return t < 0 ? tail : 1 - tail;
}
function tPdf(t, df) {
  return Math.exp(
    logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI) - (df + 1) / 2 * Math.log1p(t * t / df)
  );
}
function tQuantile(p, df) {
  checkDf(df, "tQuantile");
  if (!(p >= 0 && p <= 1)) throw new RangeError(`tQuantile: p must be in [0, 1], got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (p > 0.5) return -tQuantile(1 - p, df);
  if (df === 1) return Math.tan(Math.PI * (p - 0.5));
  if (df === 2) return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
  if (df > 1e10) return normalQuantile(p);
  let hi = normalQuantile(p);
  let lo = Math.min(2 * hi, -1);
  while (tCdf(lo, df) > p) {
    hi = lo;
    lo *= 2;
    if (!Number.isFinite(lo)) return -Infinity;
  }
  let x = (lo + hi) / 2;
  for (let i = 0; i < 200; i++) {
    const f = tCdf(x, df) - p;
    if (f === 0) return x;
    if (f > 0) hi = x;
    else lo = x;
    let next = x - f / tPdf(x, df);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x))) return next;
    x = next;
  }
  return x;
}

// src/gate/stats/bootstrap.ts
function checkStat(stat) {
  if (stat !== "mean" && !(typeof stat === "number" && stat > 0 && stat < 1)) {
    throw new RangeError(`bootstrapRatio: stat must be 'mean' or a quantile in (0, 1), got ${String(stat)}`);
  }
}
function prepareSide(trials, side2) {
  const kept = trials.filter((t) => t.length > 0);
  if (kept.length === 0) throw new RangeError(`bootstrapRatio: ${side2} has no values`);
  const total = kept.reduce((s, t) => s + t.length, 0);
  const pooled = new Float64Array(total);
  const starts = new Int32Array(kept.length);
  const lengths = new Int32Array(kept.length);
  let m = 0;
  kept.forEach((t, j) => {
    starts[j] = m;
    lengths[j] = t.length;
    for (const v of t) {
      if (!(v >= 0 && v < Infinity)) throw new RangeError(`bootstrapRatio: ${side2} values must be finite and >= 0, got ${v}`);
      pooled[m++] = v;
    }
  });
  const order = Array.from({ length: total }, (_, i) => i).sort((a, b) => pooled[a] - pooled[b]);
  const sorted = new Float64Array(total);
  const rankOf = new Int32Array(total);
  order.forEach((idx, pos) => {
    sorted[pos] = pooled[idx];
    rankOf[idx] = pos;
  });
  return { sorted, starts, lengths, rankOf, pooled, counts: new Uint32Array(total) };
}
function quantileFromCounts(counts, sorted, m, q) {
  const h = (m - 1) * q;
  const k = Math.floor(h);
  const frac = h - k;
  const n = counts.length;
  let atK = NaN;
  let atK1 = NaN;
  if (q <= 0.5) {
    let cum = 0;
    for (let p = 0; p < n; p++) {
      cum += counts[p];
      if (cum > k && Number.isNaN(atK)) atK = sorted[p];
      if (cum > k + 1) {
        atK1 = sorted[p];
        break;
      }
    }
  } else {
    let cum = 0;
    for (let p = n - 1; p >= 0; p--) {
      cum += counts[p];
      if (cum > m - 2 - k && Number.isNaN(atK1)) atK1 = sorted[p];
      if (cum > m - 1 - k) {
        atK = sorted[p];
        break;
      }
    }
  }
  if (frac === 0 || k + 1 >= m) return atK;
  return atK + frac * (atK1 - atK);
}
function resampleStat(s, rng, stat) {
  const k = s.starts.length;
  if (stat === "mean") {
    let sum = 0;
    let m2 = 0;
    for (let j = 0; j < k; j++) {
      const t = k === 1 ? 0 : Math.floor(rng.next() * k);
      const start = s.starts[t];
      const n = s.lengths[t];
      for (let i = 0; i < n; i++) sum += s.pooled[start + Math.floor(rng.next() * n)];
      m2 += n;
    }
    return sum / m2;
  }
  const counts = s.counts;
  counts.fill(0);
  let m = 0;
  if (k === 1) {
    const n = s.lengths[0];
    for (let i = 0; i < n; i++) counts[Math.floor(rng.next() * n)]++;
    m = n;
  } else {
    for (let j = 0; j < k; j++) {
      const t = Math.floor(rng.next() * k);
      const start = s.starts[t];
      const n = s.lengths[t];
      for (let i = 0; i < n; i++) counts[s.rankOf[start + Math.floor(rng.next() * n)]]++;
      m += n;
    }
  }
  return quantileFromCounts(counts, s.sorted, m, stat);
}
function fullStat(s, stat) {
  if (stat !== "mean") return quantileSorted(s.sorted, stat);
  let sum = 0;
  for (const v of s.pooled) sum += v;
  return sum / s.pooled.length;
}
function logRatio(cand, base) {
  return cand === base ? 0 : Math.log(cand / base);
}
function bootstrapRatio(base, cand, stat, opts) {
  checkStat(stat);
  const iterations = opts.iterations ?? 2e3;
  if (!Number.isInteger(iterations) || iterations < 1) {
    throw new RangeError(`bootstrapRatio: iterations must be a positive integer, got ${iterations}`);
  }
  const b = prepareSide(base, "base");
  const c = prepareSide(cand, "cand");
  const estimate = Math.exp(logRatio(fullStat(c, stat), fullStat(b, stat)));
  const rng = createRng(`${opts.seed}\0bootstrapRatio`);
  const logDraws = new Float64Array(iterations);
  for (let it = 0; it < iterations; it++) {
    const sb = resampleStat(b, rng, stat);
    const sc = resampleStat(c, rng, stat);
    logDraws[it] = logRatio(sc, sb);
  }
  logDraws.sort();
  return { estimate, logDraws };
}
function checkLevel(level, fn) {
  if (!(level > 0 && level < 1)) throw new RangeError(`${fn}: level must be in (0, 1), got ${level}`);
}
function intervalFromDraws(logDraws, level) {
  checkLevel(level, "intervalFromDraws");
  if (logDraws.length === 0) throw new RangeError("intervalFromDraws: no draws");
  return {
    lo: Math.exp(quantileSorted(logDraws, (1 - level) / 2)),
    hi: Math.exp(quantileSorted(logDraws, (1 + level) / 2))
  };
}
function countAtMost(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function countBelow(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function pBeyond(logDraws, threshold, direction) {
  if (!(threshold > 0 && threshold < Infinity)) throw new RangeError(`pBeyond: threshold must be a positive ratio, got ${threshold}`);
  const t = Math.log(threshold);
  const n = logDraws.length;
  const h0 = direction === "up" ? countAtMost(logDraws, t) : n - countBelow(logDraws, t);
  return (1 + h0) / (1 + n);
}
function minimumDetectableChange(lo, hi, level) {
  checkLevel(level, "minimumDetectableChange");
  if (!(lo <= hi)) throw new RangeError(`minimumDetectableChange: need lo <= hi, got ${lo}, ${hi}`);
  if (!(lo > 0) || hi === Infinity) return Infinity;
  const z = normalQuantile((1 + level) / 2);
  const se = (Math.log(hi) - Math.log(lo)) / (2 * z);
  return Math.expm1((z + normalQuantile(0.8)) * se);
}

// src/gate/stats/rank.ts
function checkLevel2(level, fn) {
  if (!(level > 0 && level < 1)) throw new RangeError(`${fn}: level must be in (0, 1), got ${level}`);
}
function checkThreshold(threshold, fn) {
  if (!(threshold > 0 && threshold < Infinity)) throw new RangeError(`${fn}: threshold must be a positive ratio, got ${threshold}`);
}
function logsOf(values, fn) {
  return Float64Array.from(values, (v) => {
    if (!(v > 0 && v < Infinity)) throw new RangeError(`${fn}: values must be finite and > 0, got ${v}`);
    return Math.log(v);
  });
}
function meanVar(a) {
  let s = 0;
  for (const v of a) s += v;
  const mean = s / a.length;
  let ss = 0;
  for (const v of a) ss += (v - mean) * (v - mean);
  return { mean, variance: ss / (a.length - 1) };
}
function welchLogRatio(base, cand, level, threshold, direction) {
  checkLevel2(level, "welchLogRatio");
  checkThreshold(threshold, "welchLogRatio");
  if (base.length < 2 || cand.length < 2) return null;
  const x = meanVar(logsOf(base, "welchLogRatio"));
  const y = meanVar(logsOf(cand, "welchLogRatio"));
  const a = x.variance / base.length;
  const b = y.variance / cand.length;
  const diff = y.mean - x.mean;
  const estimate = Math.exp(diff);
  const se = Math.sqrt(a + b);
  const excess = diff - Math.log(threshold);
  if (se === 0) {
    const beyond = direction === "up" ? excess > 0 : excess < 0;
    return { estimate, lo: estimate, hi: estimate, p: beyond ? 0 : 1, df: base.length + cand.length - 2 };
  }
  const df = (a + b) ** 2 / (a * a / (base.length - 1) + b * b / (cand.length - 1));
  const half = tQuantile((1 + level) / 2, df) * se;
  const t = excess / se;
  const p = direction === "up" ? tCdf(-t, df) : tCdf(t, df);
  return { estimate, lo: Math.exp(diff - half), hi: Math.exp(diff + half), p, df };
}
var LOG_TIE = 1e-12;
function doubledMidRanks(values, tol) {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => values[i] - values[j]);
  const ranks2 = new Int32Array(n);
  let tieTerm = 0;
  let start = 0;
  while (start < n) {
    let end = start + 1;
    while (end < n && values[order[end]] - values[order[start]] <= tol) end++;
    for (let i = start; i < end; i++) ranks2[order[i]] = start + 1 + end;
    const t = end - start;
    tieTerm += t * t * t - t;
    start = end;
  }
  return { ranks2, tieTerm };
}
function subsetSumCounts(weights) {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i];
  const counts = new Float64Array(total + 1);
  counts[0] = 1;
  let reach = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    for (let s = reach; s >= 0; s--) counts[s + w] += counts[s];
    reach += w;
  }
  return counts;
}
var EXACT_SIGNED_RANK_MAX = 25;
function walshIndex(n, level) {
  const alpha2 = (1 - level) / 2;
  const m = n * (n + 1) / 2;
  if (n <= EXACT_SIGNED_RANK_MAX) {
    const ranks = Int32Array.from({ length: n }, (_, i) => i + 1);
    const counts = subsetSumCounts(ranks);
    const total = 2 ** n;
    let cum = 0;
    let k2 = 0;
    while (k2 < counts.length && cum + counts[k2] <= alpha2 * total * (1 + 1e-12)) {
      cum += counts[k2];
      k2++;
    }
    return Math.min(k2, Math.floor(m / 2));
  }
  const sd = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24);
  const k = Math.floor(m / 2 + 0.5 - normalQuantile(1 - alpha2) * sd);
  return Math.max(0, Math.min(k, Math.floor(m / 2)));
}
function signedRankP(z, direction) {
  const nonzero = z.filter((v) => Math.abs(v) > LOG_TIE);
  const n = nonzero.length;
  if (n === 0) return 1;
  const { ranks2, tieTerm } = doubledMidRanks(nonzero.map(Math.abs), LOG_TIE);
  let tPlus2 = 0;
  nonzero.forEach((v, i) => {
    if (v > 0) tPlus2 += ranks2[i];
  });
  if (n <= EXACT_SIGNED_RANK_MAX) {
    const counts = subsetSumCounts(ranks2);
    let tail = 0;
    if (direction === "up") for (let s = tPlus2; s < counts.length; s++) tail += counts[s];
    else for (let s = 0; s <= tPlus2; s++) tail += counts[s];
    return Math.min(1, tail / 2 ** n);
  }
  const centred = tPlus2 / 2 - n * (n + 1) / 4;
  const sd = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24 - tieTerm / 48);
  if (sd === 0) return 1;
  return direction === "up" ? normalCdf(-(centred - 0.5) / sd) : normalCdf((centred + 0.5) / sd);
}
function pairedLogRatio(base, cand, level, threshold, direction) {
  checkLevel2(level, "pairedLogRatio");
  checkThreshold(threshold, "pairedLogRatio");
  if (base.length !== cand.length) {
    throw new RangeError(`pairedLogRatio: base and cand must pair up, got ${base.length} and ${cand.length}`);
  }
  const n = base.length;
  if (n < 2) return null;
  const lb = logsOf(base, "pairedLogRatio");
  const lc = logsOf(cand, "pairedLogRatio");
  const d = lc.map((v, i) => v - lb[i]);
  const walsh = new Float64Array(n * (n + 1) / 2);
  let w = 0;
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) walsh[w++] = (d[i] + d[j]) / 2;
  walsh.sort();
  const m = walsh.length;
  const median = m % 2 === 1 ? walsh[(m - 1) / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2;
  const k = walshIndex(n, level);
  const lo = k === 0 ? 0 : Math.exp(walsh[k - 1]);
  const hi = k === 0 ? Infinity : Math.exp(walsh[m - k]);
  const logT = Math.log(threshold);
  const p = signedRankP(
    d.map((v) => v - logT),
    direction
  );
  return { estimate: Math.exp(median), lo, hi, p, n };
}
function holm(ps) {
  for (const p of ps) if (!(p >= 0 && p <= 1)) throw new RangeError(`holm: p-values must be in [0, 1], got ${p}`);
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const out = new Array(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}

// src/gate/extract.ts
var SAMPLED = /* @__PURE__ */ new Set(["ttft_ms", "queued_ttft_ms", "e2e_ms", "tpot_ms"]);
function distValue(d, stat) {
  if (d === null) return null;
  const v = d[stat];
  if (v !== null) return v;
  const h = decodeHistogram(d.hist);
  return h.getValueAtPercentile(Number(stat.slice(1))) / HIST_SCALE;
}
function pooledValue(cell, def) {
  if (def.dist !== null) {
    const d = cell.metrics[def.dist.key];
    return d === null ? null : d[def.dist.stat];
  }
  if (def.id === "error_rate") return cell.metrics.error_rate;
  return cell.metrics[def.id];
}
function trialValues(cell, def) {
  return cell.trials.map((t) => def.id === "error_rate" ? t.metrics.error_rate : t.metrics[def.id] ?? NaN).filter(Number.isFinite);
}
var HIST_VALUES_PER_TRIAL = 2e3;
var cache = /* @__PURE__ */ new WeakMap();
function trialSamples(cell, def) {
  const key = def.dist.key;
  let byKey = cache.get(cell);
  if (byKey === void 0) cache.set(cell, byKey = /* @__PURE__ */ new Map());
  const hit = byKey.get(key);
  if (hit !== void 0) return hit;
  let out;
  if (SAMPLED.has(key)) {
    const all = cell.metrics.samples[key];
    out = cell.trials.map((t) => all.slice(t.samples.from, t.samples.to).filter((v) => v !== null));
  } else {
    out = cell.trials.map((t) => {
      const d = t.metrics[key];
      return d === null ? [] : Array.from(histogramValues(d.hist, HIST_VALUES_PER_TRIAL));
    });
  }
  byKey.set(key, out);
  return out;
}
function trialStats(cell, def) {
  const { key, stat } = def.dist;
  return cell.trials.map((t) => distValue(t.metrics[key], stat) ?? NaN);
}

// src/gate/judge.ts
var MIN_PAIRS_FOR_WILCOXON = 6;
var pct = (ratio) => Math.round((ratio - 1) * 1e4) / 100;
var round = (x) => x === null ? null : Math.round(x * 1e3) / 1e3;
function pairedT(base, cand, level, thr, dir) {
  const d = base.map((b, i) => Math.log(cand[i] / b)).filter(Number.isFinite);
  const n = d.length;
  if (n < 2) return null;
  const mean = d.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const se = sd / Math.sqrt(n);
  const q = tQuantile((1 + level) / 2, n - 1);
  const t = se === 0 ? mean > Math.log(thr) ? Infinity : -Infinity : (mean - Math.log(thr)) / se;
  const p = dir === "up" ? 1 - tCdf(t, n - 1) : tCdf(t, n - 1);
  return { estimate: Math.exp(mean), lo: Math.exp(mean - q * se), hi: Math.exp(mean + q * se), p, method: "paired" };
}
function rateEstimate(base, cand, rule, s, thr, dir) {
  const b = trialValues(base, rule.def).filter((v) => v > 0);
  const c = trialValues(cand, rule.def).filter((v) => v > 0);
  if (s.paired && b.length === c.length && b.length >= 2) {
    if (b.length >= MIN_PAIRS_FOR_WILCOXON) {
      const r2 = pairedLogRatio(b, c, s.confidence, thr, dir);
      if (r2) return { estimate: r2.estimate, lo: r2.lo, hi: r2.hi, p: r2.p, method: "paired" };
    }
    const r = pairedT(b, c, s.confidence, thr, dir);
    if (r) return r;
  }
  const w = welchLogRatio(b, c, s.confidence, thr, dir);
  if (w) return { estimate: w.estimate, lo: w.lo, hi: w.hi, p: w.p, method: "welch" };
  const pb = pooledValue(base, rule.def);
  const pc = pooledValue(cand, rule.def);
  if (pb === null || pc === null || pb <= 0) return "no data on one side";
  return { estimate: pc / pb, lo: null, hi: null, p: null, method: "point" };
}
function distEstimate(base, cand, rule, s, thr, dir) {
  const { stat } = rule.def.dist;
  if (s.paired && base.trials.length === cand.trials.length && base.trials.length >= 2) {
    const b2 = trialStats(base, rule.def);
    const c2 = trialStats(cand, rule.def);
    if ([...b2, ...c2].every((v) => Number.isFinite(v) && v > 0)) {
      const r2 = b2.length >= MIN_PAIRS_FOR_WILCOXON ? pairedLogRatio(b2, c2, s.confidence, thr, dir) : null;
      if (r2) return { estimate: r2.estimate, lo: r2.lo, hi: r2.hi, p: r2.p, method: "paired" };
      const t = pairedT(b2, c2, s.confidence, thr, dir);
      if (t) return t;
    }
  }
  const b = trialSamples(base, rule.def).filter((t) => t.length > 0);
  const c = trialSamples(cand, rule.def).filter((t) => t.length > 0);
  const nb = b.reduce((n, t) => n + t.length, 0);
  const nc = c.reduce((n, t) => n + t.length, 0);
  const need = stat === "mean" ? 2 : minSamplesFor(Number(stat.slice(1)));
  if (nb < need || nc < need) return `too few samples (${Math.min(nb, nc)}; ${stat} needs ${need})`;
  const r = bootstrapRatio(b, c, stat === "mean" ? "mean" : Number(stat.slice(1)) / 100, { iterations: s.iterations, seed: s.seed });
  let { lo, hi } = intervalFromDraws(r.logDraws, s.confidence);
  let p = pBeyond(r.logDraws, thr, dir);
  const bt = trialStats(base, rule.def).filter((v) => Number.isFinite(v) && v > 0);
  const ct = trialStats(cand, rule.def).filter((v) => Number.isFinite(v) && v > 0);
  const w = bt.length >= 2 && ct.length >= 2 ? welchLogRatio(bt, ct, s.confidence, thr, dir) : null;
  if (w !== null) {
    lo = Math.min(lo, w.lo);
    hi = Math.max(hi, w.hi);
    p = Math.max(p, w.p);
  }
  return { estimate: r.estimate, lo, hi, p, method: "bootstrap" };
}
function proportionEstimate(base, cand, tol, level) {
  const n1 = base.metrics.counts.attempted;
  const n2 = cand.metrics.counts.attempted;
  const p1 = base.metrics.error_rate;
  const p2 = cand.metrics.error_rate;
  const diff = p2 - p1;
  const se = Math.sqrt(p1 * (1 - p1) / Math.max(n1, 1) + p2 * (1 - p2) / Math.max(n2, 1));
  const z = normalQuantile((1 + level) / 2);
  const p = se === 0 ? diff > tol ? 0 : 1 : 1 - normalCdf((diff - tol) / se);
  return { estimate: diff, lo: diff - z * se, hi: diff + z * se, p, method: "proportion" };
}
function judgeMetric(base, cand, rule, s) {
  const { def } = rule;
  const dir = def.direction === "lower" ? "up" : "down";
  const b = pooledValue(base, def);
  const c = pooledValue(cand, def);
  const out = {
    metric: def.id,
    unit: def.unit,
    direction: def.direction,
    gated: rule.gated,
    level: rule.level,
    baseline: round(b),
    candidate: round(c),
    change_pct: null,
    interval_pct: null,
    p: null,
    p_adj: null,
    threshold_pct: null,
    verdict: "inconclusive",
    method: "point",
    mde_pct: null,
    reason: ""
  };
  if (def.kind === "absolute") {
    const e2 = proportionEstimate(base, cand, rule.tolerance, s.confidence);
    const pp = (x) => Math.round(x * 1e4) / 100;
    Object.assign(out, { change_pct: pp(e2.estimate), interval_pct: [pp(e2.lo), pp(e2.hi)], p: e2.p, threshold_pct: pp(rule.tolerance), method: e2.method });
    return decide(out, e2.estimate, e2.lo, e2.hi, rule.tolerance, -rule.tolerance, "up", rule, s.confidence);
  }
  let thr;
  if (b === null || b <= 0) thr = dir === "up" ? 1 + rule.tolerance : 1 - rule.tolerance;
  else thr = dir === "up" ? Math.max(1 + rule.tolerance, (b + rule.floor) / b) : Math.min(1 - rule.tolerance, (b - rule.floor) / b);
  if (thr <= 0) thr = 1e-9;
  out.threshold_pct = pct(thr);
  const e = def.kind === "rate" ? rateEstimate(base, cand, rule, s, thr, dir) : distEstimate(base, cand, rule, s, thr, dir);
  if (typeof e === "string") {
    if (b !== null && c !== null && b > 0) out.change_pct = pct(c / b);
    out.reason = e;
    return out;
  }
  out.change_pct = pct(e.estimate);
  out.method = e.method;
  out.p = e.p;
  if (e.lo === null || e.hi === null) {
    const beyond = dir === "up" ? e.estimate > thr : e.estimate < thr;
    out.verdict = beyond ? "warn" : "inconclusive";
    out.reason = beyond ? `change ${out.change_pct}% is beyond ${out.threshold_pct}%, but 1 trial gives no interval (set run.trials >= 2)` : "1 trial gives no interval for a rate (set run.trials >= 2)";
    return out;
  }
  out.interval_pct = [pct(e.lo), pct(e.hi)];
  return decide(out, e.estimate, e.lo, e.hi, thr, 2 - thr, dir, rule, s.confidence);
}
function decide(out, est, lo, hi, thr, good, dir, rule, level) {
  const up = dir === "up";
  const wholeBad = up ? lo > thr : hi < thr;
  const pointBad = up ? est > thr : est < thr;
  const wholeGood = up ? hi < good : lo > good;
  const withinBand = up ? hi <= thr : lo >= thr;
  if (wholeBad) {
    out.verdict = rule.level === "warn" ? "warn" : "regressed";
    out.reason = `the whole interval is beyond the ${out.threshold_pct}% threshold`;
  } else if (pointBad) {
    out.verdict = "warn";
    out.reason = `estimate beyond the ${out.threshold_pct}% threshold, interval not wholly beyond it`;
  } else if (wholeGood) {
    out.verdict = "improved";
    out.reason = "the whole interval is beyond the threshold on the good side";
  } else if (withinBand) {
    out.verdict = "unchanged";
    out.reason = `the interval stays within the ${out.threshold_pct}% threshold`;
  } else {
    out.verdict = "inconclusive";
    out.mde_pct = Math.round(minimumDetectableChange(lo, hi, level) * 1e4) / 100;
    out.reason = `interval too wide to rule out a change beyond ${out.threshold_pct}%: these data detect about ${out.mde_pct}%`;
  }
  return out;
}

// src/gate/rules.ts
function ruleFor(def, gate, scenario, loadKind) {
  const byDefault = def.gate === "always" || def.gate === loadKind;
  const merged = { ...gate.metrics[def.id], ...gate.scenarios[scenario]?.[def.id] };
  return {
    def,
    gated: merged.gate ?? byDefault,
    tolerance: merged.tolerance ?? def.tolerance,
    floor: merged.floor ?? def.floor,
    level: merged.level ?? "fail"
  };
}
function rulesFor(gate, scenario, loadKind) {
  return CATALOGUE.map((def) => ruleFor(def, gate, scenario, loadKind));
}

// src/gate/slo.ts
var holds = (v, c) => c.op === "<=" ? v <= c.bound : c.op === "<" ? v < c.bound : c.op === ">=" ? v >= c.bound : v > c.bound;
function checkSlos(cells, checks) {
  const out = [];
  for (const check of checks) {
    const def = metricDef(check.metric);
    if (def === void 0) continue;
    for (const cell of cells) {
      if (check.scenario !== null && cell.scenario.name !== check.scenario) continue;
      if (check.load !== null && cell.load.label !== check.load) continue;
      let value = pooledValue(cell, def);
      let note = null;
      if (def.dist !== null && value === null) {
        const d = cell.metrics[def.dist.key];
        value = distValue(d, def.dist.stat);
        if (d !== null && value !== null) note = `${d.n} samples, below the ${minSamplesFor(Number(def.dist.stat.slice(1)))} this percentile needs: judged on the histogram's estimate`;
      }
      if (value === null) {
        out.push({ check: check.text, cell: cell.id, value: null, ok: false, note: "no data for this metric" });
        continue;
      }
      out.push({ check: check.text, cell: cell.id, value: Math.round(value * 1e3) / 1e3, ok: holds(value, check), note });
    }
  }
  return out;
}

// src/gate/validity.ts
var MIN_OUTPUT_HONOURED = 0.99;
function fixedOutput(doc) {
  const t = doc.config.target;
  return t?.fixed_output !== false;
}
var pctOf = (x) => `${(x * 100).toFixed(1)}%`;
function cellProblems(base, cand, bDoc, cDoc, gate) {
  const invalid = [];
  const warnings = [];
  if (base.workload_hash !== cand.workload_hash) {
    invalid.push("different workload: the prompts or max_tokens differ (workload hash), so the sides did different work");
  }
  for (const [side2, cell] of [["baseline", base], ["candidate", cand]]) {
    if (cell.status === "interrupted") invalid.push(`${side2} cell was interrupted before it finished`);
    if (cell.status === "duration-limit") warnings.push(`${side2} cell stopped at run.max_duration_s with ${cell.metrics.counts.attempted} requests`);
    if (cell.metrics.error_rate > gate.errorRateLimit) {
      invalid.push(`${side2} error rate ${pctOf(cell.metrics.error_rate)} is over the ${pctOf(gate.errorRateLimit)} limit (gate.error_rate_limit)`);
    }
    if (cell.client.saturated) invalid.push(`${side2} client was saturated: ${cell.client.reasons.join("; ")}`);
    const honoured = cell.metrics.tokens.output_honoured;
    const doc = side2 === "baseline" ? bDoc : cDoc;
    if (fixedOutput(doc) && honoured !== null && honoured < MIN_OUTPUT_HONOURED) {
      invalid.push(`${side2} server did not honour the fixed output length: only ${pctOf(honoured)} of requests got max_tokens (ignore_eos/min_tokens ignored?)`);
    }
    if (cell.metrics.counts.completed === 0) invalid.push(`${side2} cell has no completed request`);
  }
  for (const key of ["input_mean", "output_mean"]) {
    const b = base.metrics.tokens[key];
    const c = cand.metrics.tokens[key];
    if (b !== null && c !== null && b > 0 && Math.abs(c / b - 1) > gate.tokenDriftLimit) {
      const what = key === "input_mean" ? "input" : "output";
      invalid.push(`mean ${what} tokens drifted ${b} -> ${c} (more than ${pctOf(gate.tokenDriftLimit)}, gate.token_drift_limit)`);
    }
  }
  return { invalid, warnings };
}
function docProblems(bDoc, cDoc, gate) {
  const fingerprint = [];
  const warnings = [];
  const invalid = [];
  const bt = bDoc.target;
  const ct = cDoc.target;
  if (bt && ct) {
    if (bt.model !== ct.model) fingerprint.push(`model differs: ${bt.model} -> ${ct.model}`);
    if (bt.system_fingerprint !== ct.system_fingerprint) {
      fingerprint.push(`system_fingerprint differs: ${bt.system_fingerprint ?? "none"} -> ${ct.system_fingerprint ?? "none"}`);
    }
    for (const h of /* @__PURE__ */ new Set([...Object.keys(bt.server_headers), ...Object.keys(ct.server_headers)])) {
      if (bt.server_headers[h] !== ct.server_headers[h]) {
        fingerprint.push(`server header '${h}' differs: ${bt.server_headers[h] ?? "none"} -> ${ct.server_headers[h] ?? "none"}`);
      }
    }
  }
  if (gate.strictFingerprint) invalid.push(...fingerprint.map((f) => `${f} (gate.strict_fingerprint)`));
  else warnings.push(...fingerprint);
  const bm = bDoc.machine;
  const cm = cDoc.machine;
  if (bm.cpu_model !== cm.cpu_model || bm.cpus !== cm.cpus) {
    warnings.push(`machine differs: ${bm.cpus} x ${bm.cpu_model} -> ${cm.cpus} x ${cm.cpu_model}`);
  }
  for (const [side2, doc] of [["baseline", bDoc], ["candidate", cDoc]]) {
    if (doc.status !== "complete") warnings.push(`${side2} run is ${doc.status}${doc.error ? `: ${doc.error}` : ""}`);
  }
  return { invalid, warnings };
}

// src/gate/verdict.ts
var VERDICT_SCHEMA = "llm-perf-gate/verdict@1";

// src/gate/compare.ts
function side(doc) {
  return {
    commit: doc.git?.commit ?? null,
    model: doc.target?.model ?? null,
    started_at: doc.started_at,
    status: doc.status,
    tool_version: doc.tool.version
  };
}
function isPaired(base, cand) {
  return base.ab !== null && cand.ab !== null && base.ab.run_id === cand.ab.run_id && base.ab.side !== cand.ab.side;
}
function compare(base, cand, gate, opts = {}) {
  const paired = isPaired(base, cand);
  const doc = docProblems(base, cand, gate);
  const warnings = [...doc.warnings];
  const cells = [];
  const baseById = new Map(base.cells.map((c) => [c.id, c]));
  const candIds = new Set(cand.cells.map((c) => c.id));
  for (const c of base.cells) if (!candIds.has(c.id)) warnings.push(`cell ${c.id} is only in the baseline: not compared`);
  for (const c of cand.cells) {
    const b = baseById.get(c.id);
    if (b === void 0) {
      warnings.push(`cell ${c.id} is only in the candidate: not compared`);
      continue;
    }
    cells.push(compareCell(b, c, base, cand, gate, paired, opts.metrics ?? (() => true)));
  }
  const tested = cells.filter((c) => c.valid).flatMap((c) => c.metrics.filter((m) => m.gated && m.p !== null));
  const adjusted = holm(tested.map((m) => m.p));
  tested.forEach((m, i) => {
    m.p_adj = Math.round(adjusted[i] * 1e6) / 1e6;
    if (m.verdict === "regressed" && m.p_adj >= gate.alpha) {
      m.verdict = "warn";
      m.reason = `${m.reason}, but p = ${m.p_adj.toPrecision(2)} after Holm's correction is not below ${gate.alpha}`;
    }
  });
  const slo = checkSlos(cand.cells, gate.slo);
  const gatedValid = cells.filter((c) => c.valid).flatMap((c) => c.metrics.filter((m) => m.gated));
  const count = (v) => gatedValid.filter((m) => m.verdict === v).length;
  const summary = {
    regressed: count("regressed"),
    improved: count("improved"),
    unchanged: count("unchanged"),
    warn: count("warn"),
    inconclusive: count("inconclusive"),
    invalid_cells: cells.filter((c) => !c.valid).length,
    slo_failed: slo.filter((s) => !s.ok).length
  };
  const reasons = [];
  for (const c of cells) {
    for (const m of c.metrics) if (m.gated && c.valid && m.verdict === "regressed") reasons.push(`${c.id}: ${m.metric} regressed ${m.change_pct}% (${m.reason})`);
  }
  for (const s of slo) if (!s.ok) reasons.push(`${s.cell}: SLO ${s.check} failed (value ${s.value ?? "none"})`);
  reasons.push(...doc.invalid);
  for (const c of cells) for (const r of c.invalid_reasons) reasons.push(`${c.id}: ${r}`);
  if (cells.length === 0) reasons.push("no cell is in both results: nothing to compare");
  let verdict;
  if (summary.regressed > 0 || summary.slo_failed > 0) verdict = "fail";
  else if (doc.invalid.length > 0 || summary.invalid_cells > 0 || cells.length === 0) verdict = "invalid";
  else if (summary.warn > 0) verdict = "warn";
  else if (summary.inconclusive > 0) verdict = "inconclusive";
  else verdict = "pass";
  return {
    schema: VERDICT_SCHEMA,
    tool: { name: "llm-perf-gate", version: TOOL_VERSION },
    verdict,
    summary,
    reasons,
    warnings,
    design: paired ? "paired" : "unpaired",
    settings: { confidence: gate.confidence, alpha: gate.alpha, bootstrap_iterations: gate.bootstrapIterations },
    baseline: side(base),
    candidate: side(cand),
    cells,
    slo
  };
}
function compareCell(b, c, bDoc, cDoc, gate, paired, include) {
  const problems = cellProblems(b, c, bDoc, cDoc, gate);
  const rules = rulesFor(gate, c.scenario.name, c.load.kind).filter((r) => include(r.def.id, r.gated));
  const metrics = rules.map(
    (rule) => judgeMetric(b, c, rule, {
      confidence: gate.confidence,
      // Ungated metrics are only reported: a quarter of the resamples keeps a
      // full matrix quick while gated ones get the full count.
      iterations: rule.gated ? gate.bootstrapIterations : Math.max(200, Math.round(gate.bootstrapIterations / 4)),
      paired,
      seed: `${c.id}|${rule.def.id}`
    })
  );
  return {
    id: c.id,
    valid: problems.invalid.length === 0,
    invalid_reasons: problems.invalid,
    warnings: problems.warnings,
    trials: { baseline: b.trials.length, candidate: c.trials.length },
    metrics
  };
}

// node_modules/markdown-table/index.js
function defaultStringLength(value) {
  return value.length;
}
function markdownTable(table, options) {
  const settings = options || {};
  const align = (settings.align || []).concat();
  const stringLength = settings.stringLength || defaultStringLength;
  const alignments = [];
  const cellMatrix = [];
  const sizeMatrix = [];
  const longestCellByColumn = [];
  let mostCellsPerRow = 0;
  let rowIndex = -1;
  while (++rowIndex < table.length) {
    const row2 = [];
    const sizes2 = [];
    let columnIndex2 = -1;
    if (table[rowIndex].length > mostCellsPerRow) {
      mostCellsPerRow = table[rowIndex].length;
    }
    while (++columnIndex2 < table[rowIndex].length) {
      const cell = serialize(table[rowIndex][columnIndex2]);
      if (settings.alignDelimiters !== false) {
        const size = stringLength(cell);
        sizes2[columnIndex2] = size;
        if (longestCellByColumn[columnIndex2] === void 0 || size > longestCellByColumn[columnIndex2]) {
          longestCellByColumn[columnIndex2] = size;
        }
      }
      row2.push(cell);
    }
    cellMatrix[rowIndex] = row2;
    sizeMatrix[rowIndex] = sizes2;
  }
  let columnIndex = -1;
  if (typeof align === "object" && "length" in align) {
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = toAlignment(align[columnIndex]);
    }
  } else {
    const code = toAlignment(align);
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = code;
    }
  }
  columnIndex = -1;
  const row = [];
  const sizes = [];
  while (++columnIndex < mostCellsPerRow) {
    const code = alignments[columnIndex];
    let before = "";
    let after = "";
    if (code === 99) {
      before = ":";
      after = ":";
    } else if (code === 108) {
      before = ":";
    } else if (code === 114) {
      after = ":";
    }
    let size = settings.alignDelimiters === false ? 1 : Math.max(
      1,
      longestCellByColumn[columnIndex] - before.length - after.length
    );
    const cell = before + "-".repeat(size) + after;
    if (settings.alignDelimiters !== false) {
      size = before.length + size + after.length;
      if (size > longestCellByColumn[columnIndex]) {
        longestCellByColumn[columnIndex] = size;
      }
      sizes[columnIndex] = size;
    }
    row[columnIndex] = cell;
  }
  cellMatrix.splice(1, 0, row);
  sizeMatrix.splice(1, 0, sizes);
  rowIndex = -1;
  const lines = [];
  while (++rowIndex < cellMatrix.length) {
    const row2 = cellMatrix[rowIndex];
    const sizes2 = sizeMatrix[rowIndex];
    const cellsInRow = settings.fillRows === false ? Math.max(1, cellMatrix[rowIndex === 1 ? 0 : rowIndex].length) : mostCellsPerRow;
    columnIndex = -1;
    const line = [];
    while (++columnIndex < cellsInRow) {
      const cell = row2[columnIndex] || "";
      let before = "";
      let after = "";
      if (settings.alignDelimiters !== false) {
        const size = longestCellByColumn[columnIndex] - (sizes2[columnIndex] || 0);
        const code = alignments[columnIndex];
        if (code === 114) {
          before = " ".repeat(size);
        } else if (code === 99) {
          const half = size / 2;
          if (size % 2) {
            before = " ".repeat(half + 0.5);
            after = " ".repeat(half - 0.5);
          } else {
            before = " ".repeat(half);
            after = before;
          }
        } else {
          after = " ".repeat(size);
        }
      }
      if (settings.delimiterStart !== false && !columnIndex) {
        line.push("|");
      }
      if (settings.padding !== false && // Don’t add the opening space if we’re not aligning and the cell is
      // empty: there will be a closing space.
      !(settings.alignDelimiters === false && cell === "") && (settings.delimiterStart !== false || columnIndex)) {
        line.push(" ");
      }
      if (settings.alignDelimiters !== false) {
        line.push(before);
      }
      line.push(cell);
      if (settings.alignDelimiters !== false) {
        line.push(after);
      }
      if (settings.padding !== false) {
        line.push(" ");
      }
      if (settings.delimiterEnd !== false || columnIndex !== cellsInRow - 1) {
        line.push("|");
      }
    }
    lines.push(
      settings.delimiterEnd === false ? line.join("").replace(/ +$/, "") : line.join("")
    );
  }
  return lines.join("\n");
}
function serialize(value) {
  return value === null || value === void 0 ? "" : String(value);
}
function toAlignment(value) {
  const code = typeof value === "string" ? value.codePointAt(0) : 0;
  return code === 67 || code === 99 ? 99 : code === 76 || code === 108 ? 108 : code === 82 || code === 114 ? 114 : 0;
}

// src/report/escape.ts
var MD_SPECIAL = /[\\`*_{}[\]()#+!|<>&~"]/g;
function escapeMd(text) {
  return text.replace(/\r?\n|\r/g, " ").replace(MD_SPECIAL, (ch) => `&#${ch.charCodeAt(0)};`).slice(0, 500);
}

// src/report/markdown.ts
var MAX_REPORT_CHARS = 65536;
var ICON = { pass: "\u2705", warn: "\u26A0\uFE0F", fail: "\u274C", inconclusive: "\u2754", invalid: "\u{1F6AB}" };
var MARK = {
  regressed: "\u274C regressed",
  warn: "\u26A0\uFE0F warn",
  improved: "\u{1F680} improved",
  unchanged: "\u2705 unchanged",
  inconclusive: "\u2754 inconclusive"
};
var num = (x) => {
  if (x === null) return "\u2013";
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
};
var signed = (x) => x === null ? "\u2013" : `${x > 0 ? "+" : ""}${x.toFixed(1)}%`;
var interval = (m) => m.interval_pct === null ? "\u2013" : `${signed(m.interval_pct[0])} \u2026 ${signed(m.interval_pct[1])}`;
var shortSha = (s) => s === null ? "unknown commit" : `\`${s.slice(0, 7)}\``;
function metricRow(cell, m) {
  return [escapeMd(cell), m.metric, `${num(m.baseline)} ${m.unit}`, `${num(m.candidate)} ${m.unit}`, signed(m.change_pct), interval(m), MARK[m.verdict]];
}
var HEAD = ["cell", "metric", "baseline", "candidate", "change", "interval", "verdict"];
function cellDetails(c) {
  const rows = c.metrics.map((m) => metricRow(c.id, m).slice(1));
  const head = `<details><summary>${escapeMd(c.id)}: all ${c.metrics.length} metrics</summary>

`;
  return `${head}${markdownTable([HEAD.slice(1), ...rows], { align: ["l", "r", "r", "r", "r", "l"] })}

</details>`;
}
function renderMarkdown(v, opts = {}) {
  const max = opts.maxChars ?? MAX_REPORT_CHARS;
  const s = v.summary;
  const parts = [];
  parts.push(`## ${ICON[v.verdict]} llm-perf-gate: ${v.verdict}`);
  parts.push(
    `**${s.regressed} regressed** \xB7 ${s.improved} improved \xB7 ${s.unchanged} unchanged \xB7 ${s.warn} warn \xB7 ${s.inconclusive} inconclusive` + (s.invalid_cells > 0 ? ` \xB7 ${s.invalid_cells} invalid cell${s.invalid_cells === 1 ? "" : "s"}` : "") + (s.slo_failed > 0 ? ` \xB7 ${s.slo_failed} SLO check${s.slo_failed === 1 ? "" : "s"} failed` : "")
  );
  parts.push(
    `Baseline ${shortSha(v.baseline.commit)} (${escapeMd(v.baseline.model ?? "unknown model")}) vs candidate ${shortSha(v.candidate.commit)} (${escapeMd(v.candidate.model ?? "unknown model")}); ${v.design} design, ${Math.round(v.settings.confidence * 100)}% intervals, Holm-adjusted \u03B1 = ${v.settings.alpha}.`
  );
  for (const line of opts.context ?? []) parts.push(line);
  if (v.reasons.length > 0) parts.push(v.reasons.map((r) => `- ${escapeMd(r)}`).join("\n"));
  const gated = v.cells.flatMap((c) => c.metrics.filter((m) => m.gated).map((m) => metricRow(c.id, m)));
  if (gated.length > 0) {
    parts.push(`### Gated metrics

${markdownTable([HEAD, ...gated], { align: ["l", "l", "r", "r", "r", "r", "l"] })}`);
  }
  const notes = v.cells.flatMap(
    (c) => c.metrics.filter((m) => m.gated && (m.verdict === "inconclusive" || m.verdict === "warn")).map((m) => `- ${escapeMd(c.id)} ${m.metric}: ${escapeMd(m.reason)}`)
  );
  if (notes.length > 0) parts.push(notes.join("\n"));
  if (v.slo.length > 0) {
    const rows = v.slo.map((o) => [escapeMd(o.cell), `\`${escapeMd(o.check)}\``, num(o.value), o.ok ? "\u2705 ok" : "\u274C failed", escapeMd(o.note ?? "")]);
    parts.push(`### SLO checks

${markdownTable([["cell", "check", "value", "result", "note"], ...rows])}`);
  }
  if (v.warnings.length > 0 || v.cells.some((c) => c.warnings.length > 0)) {
    const lines = [...v.warnings, ...v.cells.flatMap((c) => c.warnings.map((w) => `${c.id}: ${w}`))];
    parts.push(`<details><summary>Warnings (${lines.length})</summary>

${lines.map((l) => `- ${escapeMd(l)}`).join("\n")}

</details>`);
  }
  parts.push(...opts.sections ?? []);
  const head = parts.join("\n\n");
  const details = v.cells.map(cellDetails);
  const footer = "\n\n<sub>Metric definitions: docs/metrics.md \xB7 how verdicts are decided: docs/gate.md</sub>\n";
  let body = head;
  let kept = 0;
  const reserve = 200 + footer.length;
  for (const d of details) {
    if (body.length + 2 + d.length + reserve > max) break;
    body += `

${d}`;
    kept++;
  }
  if (kept < details.length) body += `

_${details.length - kept} cells' details were cut to fit ${max} characters; the verdict JSON has them all._`;
  body += footer;
  return body.length > max ? `${body.slice(0, max - 40)}

_(report truncated)_
` : body;
}

// src/report/verdict-table.ts
var fmt = (x) => x === null ? "-" : Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2);
var signed2 = (x) => x === null ? "-" : `${x > 0 ? "+" : ""}${x.toFixed(1)}%`;
function verdictTable(v) {
  const rows = [["cell", "metric", "baseline", "candidate", "change", "interval", "verdict"]];
  for (const c of v.cells) {
    for (const m of c.metrics) {
      if (!m.gated) continue;
      const iv = m.interval_pct === null ? "-" : `${signed2(m.interval_pct[0])}..${signed2(m.interval_pct[1])}`;
      rows.push([c.id + (c.valid ? "" : " [invalid]"), m.metric, fmt(m.baseline), fmt(m.candidate), signed2(m.change_pct), iv, m.verdict]);
    }
  }
  const lines = [`verdict: ${v.verdict.toUpperCase()}  (${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.unchanged} unchanged, ${v.summary.warn} warn, ${v.summary.inconclusive} inconclusive, ${v.summary.invalid_cells} invalid cells, ${v.summary.slo_failed} SLO failures)`];
  if (rows.length > 1) lines.push(renderTable(rows));
  for (const r of v.reasons) lines.push(`- ${r}`);
  for (const w of v.warnings) lines.push(`warning: ${w}`);
  return lines.join("\n");
}

// src/cli/compare-command.ts
var COMPARE_USAGE = `usage: llm-perf-gate compare --baseline A.json --candidate B.json [--config FILE] [--markdown FILE] [--json FILE]

  --baseline FILE   result of the reference run (llm-perf-gate/result@1)
  --candidate FILE  result of the run under test
  --config FILE     take the gate rules from this config (default: the candidate's stored config)
  --markdown FILE   write the Markdown report here
  --json FILE       write the verdict (llm-perf-gate/verdict@1) here

Exit status: 0 pass, warn or inconclusive; 1 fail (a gated regression or a failed SLO check);
2 usage error or an unreadable or invalid result file; 3 the comparison is invalid (the runs did
not do the same work or were not measured properly: the report says why).`;
function verdictExit(v) {
  return v === "fail" ? EXIT.fail : v === "invalid" ? EXIT.invalid : EXIT.ok;
}
async function gateFor(config, candidate, candidatePath, cwd) {
  if (config !== null) return loadGatePlan(config, cwd);
  return gatePlanFromStored(candidate.config, `${candidatePath} (stored config)`);
}
async function writeVerdictFiles(v, markdown, json, cwd) {
  if (markdown !== null) await writeFile(resolve(cwd, markdown), renderMarkdown(v));
  if (json !== null) await writeFile(resolve(cwd, json), `${JSON.stringify(v, null, 1)}
`);
}
async function compareCommand(args, io) {
  const base = await readResult(resolve(io.cwd, args.baseline));
  const cand = await readResult(resolve(io.cwd, args.candidate));
  const gate = await gateFor(args.config, cand, args.candidate, io.cwd);
  const v = compare(base, cand, gate);
  io.stdout.write(`${verdictTable(v)}
`);
  await writeVerdictFiles(v, args.markdown, args.json, io.cwd);
  if (args.markdown) io.stdout.write(`report: ${args.markdown}
`);
  if (args.json) io.stdout.write(`verdict: ${args.json}
`);
  return verdictExit(v.verdict);
}

// src/cli/embedded.ts
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
var ENGINE_COMMANDS = {
  "serve-embedded": { summary: "serve a tiny model on llama.cpp (CPU) as an OpenAI-compatible target, for quick starts and tests" },
  "make-model": { summary: "make the tiny random-weight model (once per machine) and print its path" }
};
async function runEngineCommand(command, argv, io) {
  const candidates = ["./engine.js", "../../dist/engine.js"].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const path = candidates.find((p) => existsSync(p));
  if (!path) {
    io.stderr.write(`error: the engine bundle is missing (looked for ${candidates.join(", ")}); run 'npm run build'
`);
    return 1;
  }
  const engine = await import(pathToFileURL(path).href);
  return engine.runEngineCommand(command, argv, io);
}

// src/cli/run-command.ts
import { resolve as resolve2 } from "node:path";

// src/cli/progress.ts
import { performance } from "node:perf_hooks";
var CI_LINE_EVERY_MS = 5e3;
var TTY_REDRAW_EVERY_MS = 100;
function createProgress(out) {
  const tty = out.isTTY === true;
  let label = "";
  let planned = 0;
  let done = 0;
  let failed = 0;
  let cellStart = 0;
  let lastPrint = 0;
  let doneAtLastPrint = 0;
  let rate = 0;
  const line = () => {
    const elapsed = (performance.now() - cellStart) / 1e3;
    return `${label}  ${done}/${planned} requests  ${failed} failed  ${rate.toFixed(1)} req/s  ${elapsed.toFixed(0)} s`;
  };
  return {
    cellStart(index, total, id, requests) {
      label = `cell ${index + 1}/${total} ${id}`;
      planned = requests;
      done = 0;
      failed = 0;
      cellStart = performance.now();
      lastPrint = cellStart;
      doneAtLastPrint = 0;
      rate = 0;
      out.write(tty ? line() : `${label}: started
`);
    },
    requestDone(rec) {
      if (rec.warmup || rec.cancelled) return;
      done++;
      if (rec.failure !== null) failed++;
      const now = performance.now();
      if (now - lastPrint >= (tty ? TTY_REDRAW_EVERY_MS : CI_LINE_EVERY_MS)) {
        const instant = (done - doneAtLastPrint) * 1e3 / (now - lastPrint);
        rate = tty && rate > 0 ? rate + (instant - rate) * Math.min(1, (now - lastPrint) / 2e3) : instant;
        doneAtLastPrint = done;
        lastPrint = now;
        out.write(tty ? `\r\x1B[2K${line()}` : `${line()}
`);
      }
    },
    cellEnd(cell) {
      const m = cell.metrics;
      const summary = `${label}: ${m.counts.completed}/${m.counts.attempted} ok, ${m.rps.toFixed(2)} req/s, ${m.output_tps.toFixed(0)} out tok/s, ttft p50 ${m.ttft_ms?.p50?.toFixed(1) ?? "-"} ms`;
      out.write(tty ? `\r\x1B[2K${summary}
` : `${summary}
`);
    },
    note(message) {
      out.write(`${tty ? "\r\x1B[2K" : ""}note: ${message}
`);
    }
  };
}

// src/cli/run-command.ts
var RUN_USAGE = `usage: llm-perf-gate run [--config FILE] [--url URL] [--model NAME] [--out FILE]
                        [--baseline FILE [--markdown FILE] [--json FILE]]

  --config FILE    workload config (default: ./llm-perf.yml, else a built-in one-scenario matrix)
  --url URL        target base URL, overrides target.url (e.g. http://127.0.0.1:8000)
  --model NAME     model id, overrides target.model (default: first id of GET /v1/models)
  --out FILE       result file (default: llm-perf-result.json)
  --baseline FILE  after the run, compare with this result (as 'compare' does)
  --markdown FILE  with --baseline: write the Markdown report here
  --json FILE      with --baseline: write the verdict here

Exit status: 0 the run completed (failed requests are data; with --baseline: pass, warn
or inconclusive), 1 with --baseline: fail, 2 bad config or usage, or the target could not
be reached, 3 with --baseline: the comparison is invalid, 130 interrupted (the result
holds what was measured).`;
async function runCommand(args, io) {
  const plan = await loadPlan({ configPath: args.config, cwd: io.cwd, url: args.url, model: args.model, env: io.env });
  const baseline = args.baseline === null ? null : await readResult(resolve2(io.cwd, args.baseline));
  const outPath = resolve2(io.cwd, args.out);
  const ac = new AbortController();
  const stop = io.onInterrupt(() => {
    io.stderr.write("\ninterrupted: finishing the result file with what was measured\n");
    ac.abort();
  });
  try {
    const doc = await runPlan({ plan, outPath, cwd: io.cwd, env: io.env, signal: ac.signal, progress: createProgress(io.stderr) });
    io.stdout.write(`
${resultTable(doc)}

result: ${args.out}
`);
    if (doc.status === "interrupted") return EXIT.interrupted;
    if (baseline === null) return EXIT.ok;
    const v = compare(baseline, doc, plan.gate);
    io.stdout.write(`
${verdictTable(v)}
`);
    await writeVerdictFiles(v, args.markdown, args.json, io.cwd);
    if (args.markdown) io.stdout.write(`report: ${args.markdown}
`);
    if (args.json) io.stdout.write(`verdict: ${args.json}
`);
    return verdictExit(v.verdict);
  } finally {
    stop();
  }
}

// src/cli/main.ts
var UsageError = class extends Error {
};
var str = (v, key) => typeof v[key] === "string" ? v[key] : null;
function required(v, key, usage2) {
  const s = str(v, key);
  if (s === null) throw new UsageError(`--${key} is required

${usage2}`);
  return s;
}
var COMMANDS = {
  run: {
    summary: "run the workload matrix and write a result file (with --baseline: then compare)",
    usage: RUN_USAGE,
    options: {
      config: { type: "string" },
      url: { type: "string" },
      model: { type: "string" },
      out: { type: "string" },
      baseline: { type: "string" },
      markdown: { type: "string" },
      json: { type: "string" }
    },
    run: (v, io) => runCommand(
      {
        config: str(v, "config"),
        url: str(v, "url"),
        model: str(v, "model"),
        out: str(v, "out") ?? "llm-perf-result.json",
        baseline: str(v, "baseline"),
        markdown: str(v, "markdown"),
        json: str(v, "json")
      },
      io
    )
  },
  compare: {
    summary: "compare a candidate result with a baseline result and decide pass, warn, fail, inconclusive or invalid",
    usage: COMPARE_USAGE,
    options: {
      baseline: { type: "string" },
      candidate: { type: "string" },
      config: { type: "string" },
      markdown: { type: "string" },
      json: { type: "string" }
    },
    run: (v, io) => compareCommand(
      {
        baseline: required(v, "baseline", COMPARE_USAGE),
        candidate: required(v, "candidate", COMPARE_USAGE),
        config: str(v, "config"),
        markdown: str(v, "markdown"),
        json: str(v, "json")
      },
      io
    )
  }
};
function usage() {
  const all = [...Object.entries(COMMANDS), ...Object.entries(ENGINE_COMMANDS)];
  const width = Math.max(...all.map(([k]) => k.length));
  const list = all.map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`).join("\n");
  return `llm-perf-gate ${TOOL_VERSION}: load-test an OpenAI-compatible inference server and gate on regressions

usage: llm-perf-gate <command> [options]

commands:
${list}

Run 'llm-perf-gate <command> --help' for a command's options.`;
}
async function main(argv, io) {
  const [name, ...rest] = argv;
  try {
    if (name === "--version" || name === "-v") {
      io.stdout.write(`${TOOL_VERSION}
`);
      return EXIT.ok;
    }
    if (name === void 0 || name === "--help" || name === "-h" || name === "help") {
      io.stdout.write(`${usage()}
`);
      return name === void 0 ? EXIT.usage : EXIT.ok;
    }
    if (Object.hasOwn(ENGINE_COMMANDS, name)) return await runEngineCommand(name, rest, io);
    const command = COMMANDS[name];
    if (command === void 0) throw new UsageError(`unknown command '${name}'

${usage()}`);
    const values = parseStrict(rest, { ...command.options, help: { type: "boolean", short: "h" } });
    if (values.help) {
      io.stdout.write(`${command.usage}
`);
      return EXIT.ok;
    }
    return await command.run(values, io);
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError || err instanceof RunSetupError || err instanceof DatasetError || err instanceof ResultFileError) {
      io.stderr.write(`error: ${err.message}
`);
      return EXIT.usage;
    }
    if (err instanceof TargetError) {
      io.stderr.write(`error: target unusable: ${err.message}
`);
      return EXIT.usage;
    }
    throw err;
  }
}
function parseStrict(args, options) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError(err.message);
  }
}

// src/cli/index.ts
main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`llm-perf-gate: internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}
`);
    process.exitCode = 1;
  }
);
