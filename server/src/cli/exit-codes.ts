// The exit statuses, as ruff uses them.

export const EXIT_CLEAN = 0;
/** Problems found, or (with --diff) fixes to apply. */
export const EXIT_PROBLEMS = 1;
/** Bad usage, a bad configuration, or a file that could not be read or decoded. */
export const EXIT_ERROR = 2;
