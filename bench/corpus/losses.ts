// Custom losses people write next to their models.
import type { FileContext } from './context';
import { block, docstring, members, type Lines } from './python';

type LossWriter = (ctx: FileContext) => Lines;

const focal: LossWriter = (ctx) =>
  block('class FocalLoss(nn.Module)', members([
    docstring('Down-weights easy examples: (1 - p_t) ** gamma * cross entropy.'),
    block(`def __init__${ctx.signature([['self'], ['gamma', 'float', '2.0'], ['alpha', 'Optional[torch.Tensor]', 'None'], ['reduction', 'str', '"mean"']])}`, [
      'super().__init__()',
      'self.gamma = gamma',
      'self.register_buffer("alpha", alpha if alpha is not None else None)',
      'self.reduction = reduction',
    ]),
    block(`def forward${ctx.signature([['self'], ['logits', 'torch.Tensor'], ['target', 'torch.Tensor']], 'torch.Tensor')}`, [
      'log_probs = F.log_softmax(logits, dim=-1)',
      'log_pt = log_probs.gather(1, target.unsqueeze(1)).squeeze(1)',
      'loss = -((1 - log_pt.exp()) ** self.gamma) * log_pt',
      ...block('if self.alpha is not None', ['loss = loss * self.alpha[target]']),
      ...block('if self.reduction == "sum"', ['return loss.sum()']),
      'return loss.mean() if self.reduction == "mean" else loss',
    ]),
  ]));

const labelSmoothing: LossWriter = (ctx) =>
  block('class LabelSmoothingLoss(nn.Module)', members([
    block(`def __init__${ctx.signature([['self'], ['smoothing', 'float', '0.1'], ['dim', 'int', '-1']])}`, ['super().__init__()', 'self.confidence = 1.0 - smoothing', 'self.smoothing = smoothing', 'self.dim = dim']),
    block(`def forward${ctx.signature([['self'], ['pred', 'torch.Tensor'], ['target', 'torch.Tensor']], 'torch.Tensor')}`, [
      'pred = pred.log_softmax(dim=self.dim)',
      ...block('with torch.no_grad()', [
        'true_dist = torch.full_like(pred, self.smoothing / (pred.size(-1) - 1))',
        'true_dist.scatter_(1, target.unsqueeze(1), self.confidence)',
      ]),
      'return torch.mean(torch.sum(-true_dist * pred, dim=self.dim))',
    ]),
  ]));

const dice: LossWriter = (ctx) =>
  block('class DiceCELoss(nn.Module)', members([
    docstring('Soft Dice on the softmax probabilities plus cross entropy.'),
    block(`def __init__${ctx.signature([['self'], ['dice_weight', 'float', '0.5'], ['smooth', 'float', '1.0'], ['ignore_index', 'int', '255']])}`, [
      'super().__init__()',
      'self.dice_weight = dice_weight',
      'self.smooth = smooth',
      'self.ce = nn.CrossEntropyLoss(ignore_index=ignore_index)',
      'self.ignore_index = ignore_index',
    ]),
    block(`def forward${ctx.signature([['self'], ['logits', 'torch.Tensor'], ['target', 'torch.Tensor']], 'torch.Tensor')}`, [
      'ce = self.ce(logits, target)',
      'valid = (target != self.ignore_index).unsqueeze(1)',
      'probs = logits.softmax(dim=1) * valid',
      'one_hot = F.one_hot(target.clamp(0, logits.size(1) - 1), logits.size(1)).permute(0, 3, 1, 2) * valid',
      'intersection = (probs * one_hot).sum(dim=(0, 2, 3))',
      'union = probs.sum(dim=(0, 2, 3)) + one_hot.sum(dim=(0, 2, 3))',
      'dice = 1 - ((2 * intersection + self.smooth) / (union + self.smooth)).mean()',
      'return (1 - self.dice_weight) * ce + self.dice_weight * dice',
    ]),
  ]));

const quantile: LossWriter = (ctx) =>
  block('class QuantileLoss(nn.Module)', members([
    block(`def __init__${ctx.signature([['self'], ['quantiles', 'Sequence[float]']])}`, ['super().__init__()', 'self.register_buffer("quantiles", torch.tensor(list(quantiles)))']),
    block(`def forward${ctx.signature([['self'], ['pred', 'torch.Tensor'], ['target', 'torch.Tensor']], 'torch.Tensor')}`, [
      ...block('if pred.dim() == target.dim()', ['pred = pred.unsqueeze(-1)']),
      'errors = target.unsqueeze(-1) - pred',
      'return torch.max((self.quantiles - 1) * errors, self.quantiles * errors).mean()',
    ]),
  ]));

const contrastive: LossWriter = (ctx) => {
  const temperature = ctx.random.pick(['0.07', '0.1', '0.5']);
  return block(`def info_nce${ctx.signature([['queries', 'torch.Tensor'], ['keys', 'torch.Tensor'], ['temperature', 'float', temperature]], 'torch.Tensor')}`, [
    ...ctx.maybeDoc('InfoNCE over a batch: each query\'s positive key sits at the same index.'),
    'queries = F.normalize(queries, dim=-1)',
    'keys = F.normalize(keys, dim=-1)',
    'logits = queries @ keys.t() / temperature',
    'labels = torch.arange(queries.size(0), device=queries.device)',
    'return F.cross_entropy(logits, labels)',
  ]);
};

const LOSSES: readonly LossWriter[] = [focal, labelSmoothing, dice, quantile, contrastive];

export function lossesModule(ctx: FileContext): Lines[] {
  ctx.nn();
  ctx.functional();
  return ctx.random.sample(LOSSES, ctx.random.int(2, LOSSES.length)).map((write) => write(ctx));
}
