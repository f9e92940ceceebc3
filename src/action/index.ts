// Action entry point (dist/index.js): only calls run().
import { run } from './main.js';

void run();
