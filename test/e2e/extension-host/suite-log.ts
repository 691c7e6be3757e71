/** Starts the lines the extension-host suite prints per passed check and at the end; the Node side reads them. */
export const SUITE_LOG_PREFIX = 'oomlint-suite:';
