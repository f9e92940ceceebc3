// The action's log: @actions/core's workflow commands behind the pipeline's
// one log seam (hostLog), for the main step's host and for the post step.
import * as core from '@actions/core';
import { hostLog, type HostLog, type LogSink } from '../pipeline/host.js';

const sink: LogSink = {
  write(level, text, title) {
    const props = title === undefined ? undefined : { title };
    if (level === 'notice') core.notice(text, props);
    else if (level === 'warn') core.warning(text, props);
    else if (level === 'error') core.error(text, props);
    else core.info(text);
  },
  group(title) {
    if (title === null) core.endGroup();
    else core.startGroup(title);
  },
};

export function actionLog(): HostLog {
  return hostLog(sink);
}
