// Action entry point (dist/index.js): the orchestrator on the real host.
import { createActionHost } from './host.js';
import { runAction } from './main.js';

void runAction(createActionHost());
