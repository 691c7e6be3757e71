// Training and evaluation code: epoch loops, evaluation passes, optimiser set-up and the epoch
// driver, each with many variations (mixed precision, accumulation, clipping, progress bars...).
// A small share of them carries the memory mistakes oomlint looks for, as real code does.
import type { FileContext } from './context';
import { block, type Lines } from './python';

/** Lines that define the criterion, and the expression to call it. */
export function criterionSetup(ctx: FileContext, target = 'criterion'): Lines {
  const choice = ctx.random.pick(ctx.domain.criteria);
  const lines: Lines = [];
  const custom = /^(LabelSmoothingLoss|FocalLoss|QuantileLoss|DiceCELoss)\b/.exec(choice);
  if (custom) ctx.imports.names('.losses', custom[1]!);
  if (choice.includes('class_weights')) lines.push(`class_weights = torch.tensor(${ctx.option('class_weights')}, device=${ctx.style.device})`);
  if (choice.includes('pos_weight')) lines.push(`pos_weight = torch.tensor([${ctx.option('pos_weight')}], device=${ctx.style.device})`);
  lines.push(`${target} = ${choice}`);
  ctx.nn();
  return lines;
}

function loopHeader(ctx: FileContext, loader: string): { header: string; unpack: Lines; step: string } {
  const r = ctx.random;
  const d = ctx.domain;
  const dev = ctx.style.device;
  const progress = r.chance(0.35);
  if (progress) ctx.imports.names('tqdm', 'tqdm');
  const source = progress ? `tqdm(${loader}, desc="train", leave=False)` : loader;
  const form = r.int(0, 2);
  if (form === 0 || !d.tupleTargets) {
    return { header: `for step, batch in enumerate(${source})`, unpack: d.unpack('batch', dev, r), step: 'step' };
  }
  if (form === 1) {
    return { header: `for i, (${d.tupleTargets}) in enumerate(${source})`, unpack: d.toDevice(dev, r), step: 'i' };
  }
  return { header: `for batch_idx, batch in enumerate(${source}, start=1)`, unpack: d.unpack('batch', dev, r), step: 'batch_idx' };
}

export interface TrainOptions {
  name?: string;
  /** Allow one of the memory mistakes in this function. */
  allowMistakes?: boolean;
}

/** `train_one_epoch(model, loader, optimizer, ...)` in one of many shapes. */
export function trainOneEpoch(ctx: FileContext, options: TrainOptions = {}): Lines {
  const r = ctx.random;
  const d = ctx.domain;
  const m = ctx.style.model;
  ctx.torch();
  const amp = r.chance(0.4);
  const accumulate = r.chance(0.3);
  const clip = r.chance(0.45);
  const perStepScheduler = r.chance(0.35);
  const logEvery = r.pick([10, 20, 50, 100, 200]);
  const mistake = options.allowMistakes !== false && r.chance(0.12) ? r.pick(['loss-total', 'loss-list', 'retain-graph']) : undefined;
  const { header, unpack, step } = loopHeader(ctx, 'loader');
  const name = options.name ?? r.pick(['train_one_epoch', 'train_epoch', 'run_epoch', 'fit_epoch']);

  const params: [string, string?, string?][] = [
    [m, 'nn.Module'],
    ['loader', 'DataLoader'],
    ['optimizer', 'torch.optim.Optimizer'],
    ['criterion', 'nn.Module'],
    [ctx.style.device, 'torch.device'],
  ];
  if (amp) params.push(['scaler', 'Optional[torch.cuda.amp.GradScaler]', 'None']);
  if (perStepScheduler) params.push(['scheduler', '', 'None']);
  if (accumulate) params.push(['accumulation_steps', 'int', String(r.pick([2, 4, 8]))]);
  if (clip) params.push(['max_grad_norm', 'float', String(r.pick([1.0, 0.5, 5.0]))]);
  params.push(['epoch', 'int', '0']);
  ctx.imports.names('torch.utils.data', 'DataLoader');
  ctx.nn();

  const forward = `outputs = ${d.forward(m)}`;
  const lossLine = `loss = criterion(outputs, ${d.target})${accumulate ? ' / accumulation_steps' : ''}`;
  const forwardBlock: Lines = amp
    ? r.chance(0.5)
      ? block(`with torch.autocast(device_type="cuda", dtype=torch.${r.pick(['float16', 'bfloat16'])})`, [forward, lossLine])
      : block('with torch.cuda.amp.autocast(enabled=scaler is not None)', [forward, lossLine])
    : [forward, lossLine];
  const backward = amp
    ? [mistake === 'retain-graph' ? 'scaler.scale(loss).backward(retain_graph=True)' : 'scaler.scale(loss).backward()']
    : [mistake === 'retain-graph' ? 'loss.backward(retain_graph=True)' : 'loss.backward()'];
  const stepLines: Lines = [
    ...(clip && amp ? ['scaler.unscale_(optimizer)'] : []),
    ...(clip ? [`torch.nn.utils.clip_grad_norm_(${m}.parameters(), max_grad_norm)`] : []),
    ...(amp ? ['scaler.step(optimizer)', 'scaler.update()'] : ['optimizer.step()']),
    `optimizer.zero_grad(${r.chance(0.5) ? 'set_to_none=True' : ''})`,
    ...(perStepScheduler ? block('if scheduler is not None', ['scheduler.step()']) : []),
  ];
  const accounting: Lines =
    mistake === 'loss-total'
      ? ['running_loss += loss']
      : mistake === 'loss-list'
        ? ['losses.append(loss)']
        : [r.pick(['running_loss += loss.item()', 'running_loss += loss.detach().item()', 'running_loss += float(loss)'])];
  const correct: Lines = d.classification && d.key !== 'segmentation' && r.chance(0.5)
    ? [`correct += (outputs.argmax(dim=1) == ${d.target}).sum().item()`, `seen += ${d.target}.size(0)`]
    : [];
  const report = ctx.report(
    `f"epoch {epoch} step {${step}}/{len(loader)} loss {running_loss / (${step} + 1):.4f}"`,
  );
  const body: Lines = [
    ...ctx.maybeDoc('Runs one pass over the training data and returns the mean loss.'),
    `${m}.train()`,
    mistake === 'loss-list' ? 'losses = []' : 'running_loss = 0.0',
    ...(mistake === 'loss-list' ? ['running_loss = 0.0'] : []),
    ...(correct.length ? ['correct = 0', 'seen = 0'] : []),
    ...(accumulate ? ['optimizer.zero_grad()'] : []),
    ...block(header, [
      ...unpack,
      ...forwardBlock,
      ...backward,
      ...(accumulate ? block(`if (${step} + 1) % accumulation_steps == 0`, stepLines) : stepLines),
      ...accounting,
      ...(mistake === 'loss-list' ? ['running_loss += loss.item()'] : []),
      ...correct,
      ...block(`if ${step} % ${logEvery} == 0`, [report]),
    ]),
    ...(mistake === 'loss-total' ? ['return running_loss.item() / max(len(loader), 1)'] : []),
    ...(mistake === 'loss-list' ? ['return torch.stack(losses).mean().item()'] : []),
    ...(mistake === undefined || mistake === 'retain-graph'
      ? correct.length
        ? ['return running_loss / max(len(loader), 1), correct / max(seen, 1)']
        : ['return running_loss / max(len(loader), 1)']
      : []),
  ];
  return block(`def ${name}${ctx.signature(params, correct.length ? 'Tuple[float, float]' : 'float')}`, body);
}

/** `evaluate(model, loader, ...)`: no_grad as a decorator or a block, metrics, sometimes outputs. */
export function evaluate(ctx: FileContext, options: TrainOptions = {}): Lines {
  const r = ctx.random;
  const d = ctx.domain;
  const m = ctx.style.model;
  ctx.torch();
  const name = options.name ?? r.pick(['evaluate', 'validate', 'run_validation', 'eval_epoch', 'test']);
  const mistake = options.allowMistakes !== false && r.chance(0.1) ? r.pick(['no-grad', 'kept-outputs']) : undefined;
  const gradOff = mistake === 'no-grad' ? 'none' : r.pick(['decorator', 'decorator', 'with', 'inference']);
  const collect = mistake === 'kept-outputs' || r.chance(0.4);
  const dev = ctx.style.device;
  const loopSource = r.chance(0.3) ? (ctx.imports.names('tqdm', 'tqdm'), 'tqdm(loader, desc="eval")') : 'loader';
  const tuple = d.tupleTargets && r.chance(0.5);
  const inner: Lines = [
    ...(tuple ? d.toDevice(dev, r) : d.unpack('batch', dev, r)),
    `outputs = ${d.forward(m)}`,
    `total_loss += criterion(outputs, ${d.target}).item() * ${d.target}.size(0)`,
    `count += ${d.target}.size(0)`,
    ...(d.classification && d.key !== 'segmentation' ? ['correct += (outputs.argmax(1) == ' + d.target + ').sum().item()'] : []),
    ...(collect
      ? mistake === 'kept-outputs'
        ? ['all_outputs.append(outputs)', `all_targets.append(${d.target})`]
        : [r.pick(['all_outputs.append(outputs.detach().cpu())', 'all_outputs.append(outputs.cpu())', 'all_outputs.append(outputs.float().cpu().numpy())']), `all_targets.append(${d.target}.cpu())`]
      : []),
  ];
  const loop = block(`for ${tuple ? d.tupleTargets : 'batch'} in ${loopSource}`, inner);
  const params: [string, string?, string?][] = [[m, 'nn.Module'], ['loader', 'DataLoader'], ['criterion', 'nn.Module'], [dev, 'torch.device']];
  const body: Lines = [
    ...ctx.maybeDoc('Mean loss and metrics over a held-out set.'),
    `${m}.eval()`,
    'total_loss = 0.0',
    'count = 0',
    ...(d.classification && d.key !== 'segmentation' ? ['correct = 0'] : []),
    ...(collect ? ['all_outputs = []', 'all_targets = []'] : []),
    ...(gradOff === 'with' ? block('with torch.no_grad()', loop) : gradOff === 'inference' ? block('with torch.inference_mode()', loop) : loop),
    'metrics = {"loss": total_loss / max(count, 1)}',
    ...(d.classification && d.key !== 'segmentation' ? ['metrics["accuracy"] = correct / max(count, 1)'] : []),
    ...(collect ? ['metrics["outputs"] = torch.cat(all_outputs) if all_outputs else None' ] : []),
    'return metrics',
  ];
  const decorator = gradOff === 'decorator' ? [r.pick(['@torch.no_grad()', '@torch.inference_mode()'])] : [];
  return [...decorator, ...block(`def ${name}${ctx.signature(params, 'Dict[str, float]')}`, body)];
}

/** Optimiser with weight-decay groups and a learning-rate schedule. */
export function optimizerSetup(ctx: FileContext): Lines {
  const r = ctx.random;
  ctx.torch();
  const m = ctx.style.model;
  const opt = r.pick(['AdamW', 'AdamW', 'Adam', 'SGD', 'RMSprop']);
  const groups = r.chance(0.5);
  const lr = ctx.option('lr');
  const wd = ctx.option('weight_decay');
  const optimizer = opt === 'SGD'
    ? `torch.optim.SGD(${groups ? 'param_groups' : `${m}.parameters()`}, lr=${lr}, momentum=0.9, nesterov=True${groups ? '' : `, weight_decay=${wd}`})`
    : `torch.optim.${opt}(${groups ? 'param_groups' : `${m}.parameters()`}, lr=${lr}${groups ? '' : `, weight_decay=${wd}`})`;
  const schedule = r.pick(['cosine', 'step', 'onecycle', 'warmup', 'plateau']);
  const scheduler: Lines =
    schedule === 'cosine'
      ? [`scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=${ctx.option('epochs')})`]
      : schedule === 'step'
        ? [`scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=${r.pick([10, 30])}, gamma=0.1)`]
        : schedule === 'onecycle'
          ? [`scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=${lr}, total_steps=total_steps, pct_start=0.1)`]
          : schedule === 'plateau'
            ? ['scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=0.5, patience=3)']
            : [
                `warmup = ${ctx.option('warmup_steps')}`,
                ...block('def lr_lambda(current_step)', [
                  ...block('if current_step < warmup', ['return float(current_step) / float(max(1, warmup))']),
                  'progress = float(current_step - warmup) / float(max(1, total_steps - warmup))',
                  'return max(0.0, 0.5 * (1.0 + math.cos(math.pi * progress)))',
                ]),
                'scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda)',
              ];
  if (schedule === 'warmup') ctx.imports.module('math');
  const params: [string, string?, string?][] = [[m, 'nn.Module'], [ctx.style.options, ''], ['total_steps', 'int', '0']];
  return block(`def build_optimizer${ctx.signature(params)}`, [
    ...(groups
      ? [
          'decay, no_decay = [], []',
          ...block(`for name, param in ${m}.named_parameters()`, [
            ...block('if not param.requires_grad', ['continue']),
            ...block('if param.ndim <= 1 or name.endswith(".bias")', ['no_decay.append(param)']),
            ...block('else', ['decay.append(param)']),
          ]),
          'param_groups = [',
          `    {"params": decay, "weight_decay": ${wd}},`,
          '    {"params": no_decay, "weight_decay": 0.0},',
          ']',
        ]
      : []),
    `optimizer = ${optimizer}`,
    ...scheduler,
    'return optimizer, scheduler',
  ]);
}

/** The epoch driver: train, evaluate, keep the best checkpoint, stop early. */
export function fitLoop(ctx: FileContext, trainName: string, evalName: string, hasScaler: boolean): Lines {
  const r = ctx.random;
  const m = ctx.style.model;
  const dev = ctx.style.device;
  const monitor = ctx.domain.classification && ctx.domain.key !== 'segmentation' && r.chance(0.5) ? 'accuracy' : 'loss';
  const better = monitor === 'accuracy' ? '>' : '<';
  const patience = r.chance(0.5);
  const history = r.chance(0.5);
  ctx.imports.module('os');
  ctx.torch();
  const params: [string, string?, string?][] = [
    [m, 'nn.Module'],
    ['train_loader', 'DataLoader'],
    ['val_loader', 'DataLoader'],
    ['optimizer', 'torch.optim.Optimizer'],
    ['scheduler', ''],
    ['criterion', 'nn.Module'],
    [dev, 'torch.device'],
    [ctx.style.options, ''],
  ];
  const trainArgs = `${m}, train_loader, optimizer, criterion, ${dev}${hasScaler ? ', scaler=scaler' : ''}, epoch=epoch`;
  const trainCall = `train_result = ${trainName}(${trainArgs})`;
  const body: Lines = [
    ...ctx.maybeDoc('Trains for the configured number of epochs and returns the best validation metric.'),
    `best = ${monitor === 'accuracy' ? '0.0' : 'float("inf")'}`,
    ...(patience ? ['epochs_without_improvement = 0'] : []),
    ...(history ? ['history = []'] : []),
    ...(hasScaler ? ['scaler = torch.cuda.amp.GradScaler(enabled=torch.cuda.is_available())'] : []),
    `os.makedirs(${ctx.option('output_dir')}, exist_ok=True)`,
    ...block(`for epoch in range(${r.chance(0.3) ? `${ctx.option('start_epoch')}, ` : ''}${ctx.option('epochs')})`, [
      ...(r.chance(0.3) ? ['start = time.time()'] : []),
      trainCall,
      `metrics = ${evalName}(${m}, val_loader, criterion, ${dev})`,
      ...block('if isinstance(scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau)', ['scheduler.step(metrics["loss"])']),
      ...block('elif scheduler is not None', ['scheduler.step()']),
      ...(history ? ['history.append({"epoch": epoch, "train": train_result, **{k: v for k, v in metrics.items() if k != "outputs"}})'] : []),
      ctx.report(`f"epoch {epoch}: train {train_result} val ${monitor} {metrics['${monitor}']:.4f}"`),
      ...block(`if metrics["${monitor}"] ${better} best`, [
        `best = metrics["${monitor}"]`,
        ...(patience ? ['epochs_without_improvement = 0'] : []),
        `torch.save({"model": ${m}.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch, "best": best}, os.path.join(${ctx.option('output_dir')}, "best.pt"))`,
      ]),
      ...(patience
        ? block('else', [
            'epochs_without_improvement += 1',
            ...block(`if epochs_without_improvement >= ${ctx.option('patience')}`, [ctx.report(`f"no improvement for {epochs_without_improvement} epochs, stopping"`), 'break']),
          ])
        : []),
    ]),
    ...(history ? ['return best, history'] : ['return best']),
  ];
  if (body.some((l) => l.includes('time.time()'))) ctx.imports.module('time');
  return block(`def fit${ctx.signature(params)}`, body);
}

/** A GAN step pair; the discriminator sees detached fakes unless the mistake is drawn. */
export function ganTraining(ctx: FileContext): Lines {
  const r = ctx.random;
  ctx.torch();
  ctx.nn();
  const latent = r.pick([64, 100, 128]);
  const mistake = r.chance(0.12);
  ctx.imports.names('torch.utils.data', 'DataLoader');
  ctx.imports.names('.visualization', 'save_grid');
  return block(`def train_gan${ctx.signature([['generator', 'nn.Module'], ['discriminator', 'nn.Module'], ['loader', 'DataLoader'], ['opt_g', 'torch.optim.Optimizer'], ['opt_d', 'torch.optim.Optimizer'], [ctx.style.device, 'torch.device'], ['epochs', 'int', '25']])}`, [
    'adversarial = nn.BCEWithLogitsLoss()',
    `fixed_noise = torch.randn(64, ${latent}, 1, 1, device=${ctx.style.device})`,
    mistake ? 'g_losses = []' : 'g_history = []',
    ...block('for epoch in range(epochs)', [
      ...block('for real, _ in loader', [
        `real = real.to(${ctx.style.device})`,
        'batch_size = real.size(0)',
        `noise = torch.randn(batch_size, ${latent}, 1, 1, device=${ctx.style.device})`,
        'fake = generator(noise)',
        '',
        'opt_d.zero_grad()',
        `real_logits = discriminator(real).view(-1)`,
        `fake_logits = discriminator(fake.detach()).view(-1)`,
        'loss_d = adversarial(real_logits, torch.ones_like(real_logits)) + adversarial(fake_logits, torch.zeros_like(fake_logits))',
        'loss_d.backward()',
        'opt_d.step()',
        '',
        'opt_g.zero_grad()',
        'logits = discriminator(fake).view(-1)',
        'loss_g = adversarial(logits, torch.ones_like(logits))',
        'loss_g.backward()',
        'opt_g.step()',
        mistake ? 'g_losses.append(loss_g)' : 'g_history.append(loss_g.item())',
      ]),
      ...block('with torch.no_grad()', ['samples = generator(fixed_noise).cpu()']),
      `save_grid(samples, f"samples/epoch_{epoch:03d}.png")`,
    ]),
    mistake ? 'return [float(x) for x in g_losses]' : 'return g_history',
  ]);
}

/** REINFORCE: log-probabilities are kept on purpose for one backward per episode. */
export function reinforce(ctx: FileContext): Lines {
  const r = ctx.random;
  ctx.torch();
  ctx.imports.names('torch.distributions', 'Categorical');
  const gamma = r.pick(['0.99', '0.95', '0.999']);
  return block(`def run_episode${ctx.signature([['env', ''], ['policy', 'nn.Module'], ['optimizer', 'torch.optim.Optimizer'], ['gamma', 'float', gamma]], 'float')}`, [
    'state, _ = env.reset()',
    'log_probs = []',
    'rewards = []',
    'done = False',
    ...block('while not done', [
      'state_t = torch.as_tensor(state, dtype=torch.float32).unsqueeze(0)',
      'dist = Categorical(logits=policy(state_t))',
      'action = dist.sample()',
      'log_probs.append(dist.log_prob(action))',
      'state, reward, terminated, truncated, _ = env.step(action.item())',
      'rewards.append(reward)',
      'done = terminated or truncated',
    ]),
    'returns = []',
    'running = 0.0',
    ...block('for reward in reversed(rewards)', ['running = reward + gamma * running', 'returns.insert(0, running)']),
    'returns = torch.tensor(returns)',
    'returns = (returns - returns.mean()) / (returns.std() + 1e-8)',
    'loss = -(torch.cat(log_probs) * returns).sum()',
    'optimizer.zero_grad()',
    'loss.backward()',
    'optimizer.step()',
    'return sum(rewards)',
  ]);
}

/** Knowledge distillation: the teacher runs without a graph, the student learns from both. */
export function distillationStep(ctx: FileContext): Lines {
  const r = ctx.random;
  ctx.torch();
  ctx.functional();
  const temperature = r.pick(['2.0', '4.0']);
  const d = ctx.domain;
  ctx.imports.names('torch.utils.data', 'DataLoader');
  return block(`def distill_epoch${ctx.signature([['student', 'nn.Module'], ['teacher', 'nn.Module'], ['loader', 'DataLoader'], ['optimizer', 'torch.optim.Optimizer'], [ctx.style.device, 'torch.device'], ['alpha', 'float', '0.5'], ['temperature', 'float', temperature]], 'float')}`, [
    'student.train()',
    'teacher.eval()',
    'total = 0.0',
    ...block('for batch in loader', [
      ...d.unpack('batch', ctx.style.device, r),
      ...block('with torch.no_grad()', [`teacher_logits = ${d.forward('teacher')}`]),
      `student_logits = ${d.forward('student')}`,
      'soft = F.kl_div(',
      '    F.log_softmax(student_logits / temperature, dim=-1),',
      '    F.softmax(teacher_logits / temperature, dim=-1),',
      '    reduction="batchmean",',
      ') * temperature ** 2',
      `hard = F.cross_entropy(student_logits, ${d.target})`,
      'loss = alpha * soft + (1 - alpha) * hard',
      'optimizer.zero_grad()',
      'loss.backward()',
      'optimizer.step()',
      'total += loss.item()',
    ]),
    'return total / len(loader)',
  ]);
}

/** Freezes a backbone for the first epochs of fine-tuning. */
export function freezeHelpers(ctx: FileContext): Lines {
  ctx.nn();
  return [
    ...block(`def set_requires_grad${ctx.signature([['module', 'nn.Module'], ['flag', 'bool']], 'None')}`, [...block('for param in module.parameters()', ['param.requires_grad = flag'])]),
    '',
    '',
    ...block(`def freeze_backbone${ctx.signature([['model', 'nn.Module'], ['head_prefixes', 'Sequence[str]', '("head", "fc", "classifier")']], 'int')}`, [
      ...ctx.maybeDoc('Freezes every parameter outside the head; returns how many stay trainable.'),
      'trainable = 0',
      ...block('for name, param in model.named_parameters()', [
        'param.requires_grad = name.startswith(tuple(head_prefixes))',
        ...block('if param.requires_grad', ['trainable += param.numel()']),
      ]),
      'return trainable',
    ]),
  ];
}
