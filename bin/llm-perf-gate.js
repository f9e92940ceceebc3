#!/usr/bin/env node
// Thin launcher so `npx llm-perf-gate` works from a checkout: the CLI is the committed bundle.
import '../dist/cli.js';
