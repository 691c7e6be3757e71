// Whether code needs gradients on purpose: it calls `backward()`, an optimiser's `step()`,
// `autograd.grad`, `requires_grad_()`, or a helper of this file (or, through the project's facts,
// another file's function, or a method of an object of another file's class) that does. Each function's own scan
// is built from its nodes alone, and memoised with its node.
import { field, walk, type SyntaxNode } from '../parser/syntax';
import { dottedName, methodCall, nodeText } from './names';
import { SubtreeFact } from './engine/subtree-fact';

/** What one function's own code says, before its helpers are followed. */
export interface GradientScan {
  trains: boolean;
  /** Names of the functions and `self`/`cls` methods it calls. */
  callees: string[];
  /** The dotted names of everything else it calls (`trainer.step_fn`, `utils.train_step`, `scaler`), once each. */
  others: string[];
}

/** Receivers whose `step()` advances something other than an optimiser. */
const NOT_TRAINING_STEP = /(^|_|\.)(env|envs|environment|calculator|meter|meters|metric|metrics|pbar|bar|progress|tqdm|writer|logger|timer|sim|simulator|game|world)$/i;

/** What `node`'s own code says (calls into helpers are listed, not followed). */
export function scanForGradients(node: SyntaxNode, text: string): GradientScan {
  return SCANS.of(node, text);
}

const SCANS = new SubtreeFact('gradient scan', (node: SyntaxNode, text: string): GradientScan => {
  let trains = false;
  const callees: string[] = [];
  const others = new Set<string>();
  walk(node, (n) => {
    if (trains) return false;
    if (n.type === 'call') {
      const fn = field(n as SyntaxNode & { type: 'call' }, 'function');
      const m = methodCall(n, text);
      const method = m?.method ?? '';
      const name = dottedName(fn, text) ?? '';
      const receiver = m ? dottedName(m.receiver, text) ?? '' : '';
      // `scheduler.step()` and `optimizer.step()` both mean training; an environment's, a meter's or
      // a metric calculator's `step()` does not.
      const steps = method === 'step' && !NOT_TRAINING_STEP.test(receiver);
      if (steps || ['backward', 'requires_grad_', 'retain_grad', 'manual_backward', 'zero_grad'].includes(method) || /(^|\.)grad$|autograd\.(grad|backward)$/.test(name)) {
        trains = true;
      }
      if (fn?.type === 'identifier') callees.push(name);
      else if (m && /^(self|cls)$/.test(dottedName(m.receiver, text) ?? '')) callees.push(method);
      if (name && !/^(self|cls)\.[^.]+$/.test(name)) others.add(name);
    }
    if (n.type === 'keyword_argument' && /^requires_grad\s*=\s*True/.test(nodeText(n, text))) trains = true;
    return !trains;
  });
  return trains || callees.length || others.size ? { trains, callees, others: [...others] } : NO_GRADIENT_USE;
});

/** The scan of code that calls nothing and trains nothing (most statements): one answer shared by all. */
const NO_GRADIENT_USE: GradientScan = { trains: false, callees: [], others: [] };

/**
 * Calls that show the code trains or needs gradients on purpose: `backward()`, `step()`,
 * `autograd.grad`, `requires_grad_()`. With `functionsNamed` (this file's functions by name), the
 * functions of this file that the code calls (`attack(model, x)`, `self.refine(...)`) are followed too,
 * through a worklist: a chain of helpers as deep as the file makes it costs no stack.
 */
export function needsGradients(node: SyntaxNode, text: string, functionsNamed?: (name: string) => readonly SyntaxNode[], othersTrain?: (name: string) => boolean): boolean {
  const first = scanForGradients(node, text);
  if (first.trains || !functionsNamed) return first.trains;
  if (othersTrain && first.others.some(othersTrain)) return true;
  const seen = new Set<SyntaxNode>([node]);
  const pending = [...first.callees];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const fn of functionsNamed(name)) {
      if (seen.has(fn)) continue;
      seen.add(fn);
      const scan = scanForGradients(fn, text);
      if (scan.trains || (othersTrain && scan.others.some(othersTrain))) return true;
      pending.push(...scan.callees);
    }
  }
  return false;
}
