// The CLI's exit statuses, in a module of their own: the CLI's front door
// needs them before it knows which command runs, and loads nothing else
// (issue 22, start-up).
export const EXIT = { ok: 0, fail: 1, usage: 2, invalid: 3, interrupted: 130 } as const;
