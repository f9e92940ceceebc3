// Post-step entry point (dist/post.js): only calls post().
import { post } from './post.js';

void post();
