// The explanation panel's page: data in, HTML out, no `vscode` import, so the tests can read it. Every
// text from the message, the traceback or the file system is escaped; the page loads nothing from
// outside and runs only its own nonce'd script, which posts the id of a clicked frame or finding.
import type { ExplainedOutOfMemory, ExplainFrame } from '../../../server/src/lsp/explain-protocol';
import { formatSize } from '../../../server/src/explain/format-size';
import { english, type Translate } from '../translate';

/** The GPU as the status-bar readout (nvidia-smi) sees it now. */
export interface CurrentGpu {
  index: number;
  name: string;
  usedMiB?: number;
  totalMiB?: number;
  /** When nvidia-smi printed it (ms since the epoch). */
  readAt: number;
}

export interface ExplainPanelView {
  /** Where the text came from: "the editor selection", "the terminal", "the clipboard". */
  source: string;
  explanations: readonly ExplainedOutOfMemory[];
  /** The readout's current reading; undefined when the readout has none (off, no nvidia-smi). */
  currentGpus?: readonly CurrentGpu[];
  /** The text came from this machine (its terminal): its GPUs are the ones the readout reads. */
  fromThisMachine?: boolean;
  /** Distinct messages beyond the ones explained. */
  omitted?: number;
}

export interface PageContext {
  /** Fresh for every page: only the page's own style and script carry it. */
  nonce: string;
  /** The page's own words in the display language (`vscode.l10n.t`); English when absent. */
  t?: Translate;
  /** The display language's tag for `<html lang>`; English when absent. */
  lang?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Escaped element content: quotes need no escaping there (and English reads as it always has). */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => HTML_ESCAPES[c]!);
}

/** Escaped text with `code spans` (as the remedies write them) shown as code. */
function withCode(text: string): string {
  return text
    .split('`')
    .map((part, index) => (index % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part)))
    .join('');
}


const MIB = 1024 * 1024;

/** What a clickable element opens: a frame (`f:E:F`) or a finding in a frame's file (`d:E:F:K`). */
export interface OpenTarget {
  uri: string;
  /** 1-based. */
  line: number;
}

/** The target an id from the page names, looked up in the data: the page can name, not choose, a file. */
export function resolveTarget(explanations: readonly ExplainedOutOfMemory[], id: unknown): OpenTarget | undefined {
  if (typeof id !== 'string') return undefined;
  const match = /^(f|d):(\d+):(\d+)(?::(\d+))?$/.exec(id);
  if (!match) return undefined;
  const frame = explanations[Number(match[2])]?.frames[Number(match[3])];
  if (!frame?.uri) return undefined;
  if (match[1] === 'f') return match[4] === undefined ? { uri: frame.uri, line: frame.line } : undefined;
  const finding = match[4] === undefined ? undefined : frame.findings?.[Number(match[4])];
  return finding ? { uri: frame.uri, line: finding.line } : undefined;
}

interface Segment {
  kind: 'allocated' | 'unallocated' | 'outside' | 'free' | 'unknown' | 'used';
  label: string;
  bytes: number;
}

function percentOf(part: number, whole: number): string {
  return `${Math.round((100 * part) / whole)}%`;
}

/**
 * One horizontal bar: the device's memory split into its parts, and the request drawn as a dashed box
 * where free memory starts, sticking out past the device's end when it does not fit.
 */
function memoryBarSvg(id: string, title: string, capacity: number, segments: readonly Segment[], requested: number | undefined, t: Translate): string {
  const used = segments.filter((s) => s.kind !== 'free').reduce((sum, s) => sum + s.bytes, 0);
  const span = Math.max(capacity, requested !== undefined ? used + requested : 0);
  const scale = (bytes: number) => (1000 * bytes) / span;
  const rects: string[] = [];
  let x = 0;
  for (const segment of segments) {
    const width = scale(segment.bytes);
    if (width > 0) rects.push(`<rect class="seg seg-${segment.kind}" x="${x.toFixed(1)}" y="10" width="${width.toFixed(1)}" height="28"></rect>`);
    x += width;
  }
  rects.push(`<line class="capacity-end" x1="${scale(capacity).toFixed(1)}" y1="2" x2="${scale(capacity).toFixed(1)}" y2="46"></line>`);
  if (requested !== undefined) {
    rects.push(
      `<rect class="requested" x="${scale(used).toFixed(1)}" y="5" width="${Math.max(2, scale(requested)).toFixed(1)}" height="38"></rect>`,
    );
  }
  const summary = segments.map((s) => `${s.label} ${formatSize(s.bytes)}`).join(', ');
  const label =
    requested !== undefined
      ? t('{0}: {1} in all; {2}; requested {3}.', title, formatSize(capacity), summary, formatSize(requested))
      : t('{0}: {1} in all; {2}.', title, formatSize(capacity), summary);
  return `<svg class="bar" id="${id}" role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 1000 48" preserveAspectRatio="none"><title>${escapeHtml(label)}</title>${rects.join('')}</svg>`;
}

function legend(capacity: number, segments: readonly Segment[], requested: number | undefined, free: number | undefined, t: Translate): string {
  const items = segments.map(
    (s) => `<li><span class="swatch seg-${s.kind}" aria-hidden="true"></span>${escapeHtml(s.label)}: <strong>${formatSize(s.bytes)}</strong> (${percentOf(s.bytes, capacity)})</li>`,
  );
  if (requested !== undefined) {
    const short = free !== undefined && requested > free ? escapeText(t(', {0} more than is free', formatSize(requested - free))) : '';
    items.unshift(`<li><span class="swatch requested" aria-hidden="true"></span>${escapeText(t('Requested'))}: <strong>${formatSize(requested)}</strong>${short}</li>`);
  }
  return `<ul class="legend">${items.join('')}</ul>`;
}

function messageBar(explanation: ExplainedOutOfMemory, index: number, t: Translate): string {
  const b = explanation.breakdown;
  if (b.capacity === undefined || b.capacity <= 0) {
    return `<p class="note">${escapeText(t("The message does not give the device's capacity, so there is no picture of its memory."))}</p>`;
  }
  const mps = explanation.backend === 'mps';
  const known: Segment[] = [];
  if (b.allocatedByPyTorch !== undefined) known.push({ kind: 'allocated', label: mps ? t('MPS allocated') : t('Allocated by PyTorch'), bytes: b.allocatedByPyTorch });
  if (b.reservedUnallocated !== undefined) known.push({ kind: 'unallocated', label: t('Reserved by PyTorch, unallocated'), bytes: b.reservedUnallocated });
  if (b.outsidePyTorch !== undefined) {
    known.push({ kind: 'outside', label: mps ? t('Other allocations') : t('Other processes and non-PyTorch memory'), bytes: b.outsidePyTorch });
  }
  const stated = known.reduce((sum, s) => sum + s.bytes, 0) + (b.free ?? 0);
  // A cut-off message leaves parts out: the rest of the device is shown as not stated, not as free.
  if (known.length < 3 && b.capacity - stated > 0) known.push({ kind: 'unknown', label: t('Not stated in the message'), bytes: b.capacity - stated });
  if (b.free !== undefined) known.push({ kind: 'free', label: t('Free'), bytes: b.free });
  const device = mps ? t('MPS limit') : `${explanation.backend === 'hip' ? 'HIP' : 'CUDA'} GPU ${explanation.gpu ?? '?'}`;
  const title = t('{0} when it ran out', device);
  return `<figure class="memory"><figcaption>${escapeHtml(title)}: ${formatSize(b.capacity)}</figcaption>${memoryBarSvg(`bar-${index}`, title, b.capacity, known, b.requested, t)}${legend(b.capacity, known, b.requested, b.free, t)}</figure>`;
}

function clockTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

function currentBar(explanation: ExplainedOutOfMemory, index: number, view: ExplainPanelView, t: Translate): string {
  const current = view.currentGpus;
  if (!current || explanation.backend !== 'cuda' || explanation.gpu === undefined || explanation.framework !== 'pytorch') return '';
  const gpu = current.find((g) => g.index === explanation.gpu);
  // Beside a log from another machine, this machine's GPU says nothing: it is shown when asked for.
  const here = explanation.fromThisMachine || view.fromThisMachine === true;
  if (!gpu) {
    if (!here) return '';
    return `<p class="note">${withCode(t('The GPU readout shows no GPU {0} on this machine now (`CUDA_VISIBLE_DEVICES` may renumber the GPUs).', explanation.gpu))}</p>`;
  }
  if (gpu.usedMiB === undefined || gpu.totalMiB === undefined || gpu.totalMiB <= 0) return '';
  const total = gpu.totalMiB * MIB;
  const used = gpu.usedMiB * MIB;
  const segments: Segment[] = [
    { kind: 'used', label: t('In use (all processes)'), bytes: used },
    { kind: 'free', label: t('Free'), bytes: Math.max(0, total - used) },
  ];
  const title = t('GPU {0} now ({1}, nvidia-smi at {2} UTC)', gpu.index, gpu.name, clockTime(gpu.readAt));
  const figure = `<figure class="memory current"><figcaption>${escapeHtml(title)}: ${formatSize(total)}</figcaption>${memoryBarSvg(`now-${index}`, title, total, segments, undefined, t)}${legend(total, segments, undefined, undefined, t)}</figure>`;
  if (here) return figure;
  return `<details class="current"><summary>${escapeText(t("Compare with this machine's GPU {0} now (the log may come from another machine)", gpu.index))}</summary>${figure}</details>`;
}

function frameItem(frame: ExplainFrame, e: number, f: number, t: Translate): string {
  const place = `${escapeHtml(frame.file)}:${frame.line}`;
  const name = frame.uri ? `<a href="#" data-open="f:${e}:${f}" title="${escapeHtml(t('Open {0} at line {1}', frame.file, frame.line))}">${place}</a>` : `<span>${place}</span>`;
  // The arguments are HTML already; the translations hold no markup.
  const parts = [`<li class="frame${frame.failing ? ' failing' : ''}">${t('{0} in {1}', name, `<code>${escapeHtml(frame.function)}</code>`)}`];
  if (frame.failing) parts.push(` <span class="badge">${escapeText(t('the line that led to the allocation'))}</span>`);
  if (frame.code) parts.push(`<pre class="code">${escapeHtml(frame.code)}</pre>`);
  if (!frame.uri) parts.push(`<div class="note">${escapeText(t('Not found in this workspace.'))}</div>`);
  if (frame.unread) parts.push(`<div class="note">${escapeHtml(frame.unread)}</div>`);
  if (frame.findings?.length) {
    const findings = frame.findings.map(
      (finding, k) =>
        `<li><a href="#" data-open="d:${e}:${f}:${k}" title="${escapeHtml(t('Open line {0}', finding.line))}"><code>${escapeHtml(finding.code)}</code> ${escapeText(t('line {0}', finding.line))}</a>: ${withCode(finding.message)}</li>`,
    );
    parts.push(`<div class="findings-title">${escapeText(t("oomlint's findings near this line:"))}</div><ul class="findings">${findings.join('')}</ul>`);
  } else if (frame.findings && !frame.moreFindings) {
    parts.push(`<div class="note">${escapeText(t('oomlint finds nothing near this line.'))}</div>`);
  }
  if (frame.moreFindings) parts.push(`<div class="note">${escapeText(t('{0} more in this file: run oomlint check on it.', frame.moreFindings))}</div>`);
  parts.push('</li>');
  return parts.join('');
}

function causeName(cause: ExplainedOutOfMemory['cause'], t: Translate): string {
  switch (cause) {
    case 'memory-fraction': return t('Memory fraction reached');
    case 'fragmentation': return t('Fragmentation');
    case 'huge-allocation': return t('One huge allocation');
    case 'outside-pytorch': return t('Memory held outside PyTorch');
    case 'ranks-on-one-gpu': return t('Several processes on one GPU');
    case 'own-tensors': return t("The program's own tensors");
    case 'leak-over-time': return t('Memory growing over time');
    case 'outside-allocator': return t("An allocation outside PyTorch's allocator");
    case 'host-memory': return t('Host memory (RAM)');
    case 'kv-cache': return t("The inference engine's memory budget");
    case 'invalid-size': return t('An impossible size');
    case 'undetermined': return t('Undetermined');
  }
}

/** The message's heading: which framework and device ran out. */
function whatRanOut(explanation: ExplainedOutOfMemory, t: Translate): string {
  const gpu = explanation.gpu ?? '?';
  if (explanation.form === 'tensorflow') return t('TensorFlow out of memory on GPU {0}', gpu);
  if (explanation.form === 'jax') return t('JAX out of memory');
  if (explanation.form === 'vllm') return t('vLLM out of GPU memory');
  if (explanation.backend === 'cpu') return t('Out of host memory (RAM)');
  if (explanation.backend === 'mps') return t('MPS backend out of memory');
  const backend = explanation.backend === 'hip' ? 'HIP' : explanation.backend === 'xpu' ? 'XPU' : 'CUDA';
  return t('{0} out of memory on GPU {1}', backend, gpu);
}

function phaseName(phase: NonNullable<ExplainedOutOfMemory['phase']>, t: Translate): string {
  switch (phase) {
    case 'backward': return t('the backward pass');
    case 'evaluation': return t('evaluation code');
    case 'training': return t('training code');
  }
}

function explanationSection(explanation: ExplainedOutOfMemory, index: number, view: ExplainPanelView, t: Translate): string {
  const heading = `${explanation.source ? `[${explanation.source}] ` : ''}${explanation.exception ? `${explanation.exception}: ` : ''}${whatRanOut(explanation, t)}`;
  // Beside a memory bar, its legend gives the figures: the list keeps the rest.
  const barShown = explanation.breakdown.capacity !== undefined && explanation.breakdown.capacity > 0;
  const evidence = barShown ? explanation.notes : explanation.evidence;
  const repeats =
    explanation.occurrences > 1
      ? [t('The same message appears {0} times (lines {1}).', explanation.occurrences, explanation.lines.join(', ') + (explanation.occurrences > explanation.lines.length ? ', ...' : ''))]
      : [];
  const parts = [
    `<section class="explanation" aria-labelledby="heading-${index}">`,
    `<h2 id="heading-${index}">${escapeHtml(heading)}${explanation.truncated ? ` <span class="badge">${escapeText(t('cut off'))}</span>` : ''}</h2>`,
    `<p class="cause"><span class="cause-name">${escapeHtml(causeName(explanation.cause, t))}</span> ${withCode(explanation.headline)}</p>`,
    '<div class="bars">',
    messageBar(explanation, index, t),
    currentBar(explanation, index, view, t),
    '</div>',
  ];
  if (evidence.length || repeats.length) parts.push(`<ul class="evidence">${[...evidence, ...repeats].map((line) => `<li>${withCode(line)}</li>`).join('')}</ul>`);
  if (explanation.phase) {
    // The arguments are HTML already; the translations hold no markup.
    const phase = escapeHtml(phaseName(explanation.phase, t));
    parts.push(`<p>${explanation.phaseShownBy ? t('It ran out in {0}: {1}.', phase, withCode(explanation.phaseShownBy)) : t('It ran out in {0}.', phase)}</p>`);
  }
  parts.push(`<h3>${escapeText(t('What to do, most likely to help first'))}</h3>`, `<ol class="remedies">${explanation.remedies.map((r) => `<li>${withCode(r)}</li>`).join('')}</ol>`);
  if (explanation.frames.length) {
    parts.push(`<h3>${escapeText(t('In your code (outermost first)'))}</h3>`, `<ol class="frames">${explanation.frames.map((frame, f) => frameItem(frame, index, f, t)).join('')}</ol>`);
  }
  parts.push(
    `<details><summary>${escapeText(t('The message (line {0})', explanation.messageLine))}</summary><pre class="message">${escapeHtml(explanation.messageText)}</pre></details>`,
    '</section>',
  );
  return parts.join('\n');
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 20px 20px; line-height: 1.45; }
h1 { font-size: 1.3em; font-weight: 600; }
h2 { font-size: 1.15em; border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-widget-border)); padding-bottom: 4px; }
h3 { font-size: 1em; margin-bottom: 4px; }
a { color: var(--vscode-textLink-foreground); }
a:hover, a:focus { color: var(--vscode-textLink-activeForeground); }
a:focus-visible { outline: 1px solid var(--vscode-focusBorder); }
code, pre { font-family: var(--vscode-editor-font-family); font-size: 0.95em; background: var(--vscode-textCodeBlock-background); }
pre { padding: 4px 8px; white-space: pre-wrap; word-break: break-word; margin: 2px 0; }
.cause-name { font-weight: 600; padding: 1px 6px; margin-right: 6px; border-radius: 3px; color: var(--vscode-badge-foreground); background: var(--vscode-badge-background); }
.badge { font-size: 0.85em; padding: 0 5px; border-radius: 3px; color: var(--vscode-badge-foreground); background: var(--vscode-badge-background); }
.note { color: var(--vscode-descriptionForeground); }
.bars { display: flex; flex-wrap: wrap; gap: 8px 32px; }
figure.memory { margin: 8px 0; flex: 1 1 320px; max-width: 720px; }
figcaption { font-weight: 600; margin-bottom: 4px; }
svg.bar { width: 100%; height: 48px; display: block; overflow: visible; }
.seg { stroke: var(--vscode-editor-background); stroke-width: 1; }
.seg-allocated { fill: var(--vscode-charts-blue); background: var(--vscode-charts-blue); }
.seg-unallocated { fill: var(--vscode-charts-yellow); background: var(--vscode-charts-yellow); }
.seg-outside { fill: var(--vscode-charts-purple); background: var(--vscode-charts-purple); }
.seg-used { fill: var(--vscode-charts-orange); background: var(--vscode-charts-orange); }
.seg-free { fill: var(--vscode-charts-green); background: var(--vscode-charts-green); opacity: 0.6; }
.seg-unknown { fill: var(--vscode-disabledForeground); background: var(--vscode-disabledForeground); opacity: 0.4; }
rect.requested { fill: none; stroke: var(--vscode-charts-red); stroke-width: 3; stroke-dasharray: 8 4; vector-effect: non-scaling-stroke; }
.swatch.requested { border: 2px dashed var(--vscode-charts-red); background: none; }
line.capacity-end { stroke: var(--vscode-foreground); stroke-width: 2; vector-effect: non-scaling-stroke; }
ul.legend { list-style: none; padding: 0; margin: 6px 0 0; display: flex; flex-wrap: wrap; gap: 2px 16px; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 5px; vertical-align: middle; box-sizing: border-box; }
ol.frames > li { margin-bottom: 8px; }
li.failing > a { font-weight: 600; }
.findings-title { margin-top: 4px; }
.source { color: var(--vscode-descriptionForeground); }
`;

const SCRIPT = `
const vscode = acquireVsCodeApi();
// A reused panel opens at the new explanation's headline, not where the last one was scrolled to.
window.scrollTo(0, 0);
document.getElementById('heading-0')?.scrollIntoView({ block: 'start' });
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('[data-open]') : null;
  if (!link) return;
  event.preventDefault();
  vscode.postMessage({ type: 'open', target: link.getAttribute('data-open') });
});
`;

export function buildExplainHtml(view: ExplainPanelView, page: PageContext): string {
  if (!/^[A-Za-z0-9+/=]+$/.test(page.nonce)) throw new Error('the nonce must be base64');
  // Nothing but the page's own style and script: no images, fonts or connections, local or remote.
  const csp = [`default-src 'none'`, `style-src 'nonce-${page.nonce}'`, `script-src 'nonce-${page.nonce}'`].join('; ');
  const t = page.t ?? english;
  const count = view.explanations.length;
  const body = count
    ? view.explanations.map((explanation, index) => explanationSection(explanation, index, view, t)).join('\n') +
      (view.omitted ? `\n<p class="note">${escapeText(t('{0} more out-of-memory messages are not shown.', view.omitted))}</p>` : '')
    : `<p>${escapeText(t('No out-of-memory message was found in the text.'))}</p>`;
  const title = count === 1 ? t('oomlint: an out-of-memory error explained') : t('oomlint: {0} out-of-memory errors explained', count);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(page.lang ?? 'en')}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeText(t('Out-of-memory explanation'))}</title>
<style nonce="${escapeHtml(page.nonce)}">${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="source">${escapeText(t('From {0}.', view.source))}</p>
${body}
<script nonce="${escapeHtml(page.nonce)}">${SCRIPT}</script>
</body>
</html>
`;
}
