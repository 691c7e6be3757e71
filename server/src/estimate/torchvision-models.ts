// torchvision's model zoo, from the table scripts/estimate/gen_torchvision_table.py measured, and timm
// models whose architecture is a torchvision one.
import { TORCHVISION_TABLE } from './data/torchvision-table';
import type { KnownModel, InputShape, LossShape } from './model-knowledge';
import { inputBytes, lossBytes } from './model-knowledge';
import type { ModelFootprint } from './step-memory';

interface Affine {
  fixed: number;
  perPixel: number;
}

interface TableEntry {
  task: 'classification' | 'detection' | 'segmentation' | 'video';
  parameters: number;
  bufferBytes: number;
  largestParameter: number;
  classifier?: { inFeatures: number; classes: number };
  defaultSize: number;
  frames?: number;
  fixedSize: boolean;
  saved: Affine;
  transient: Affine & { constant: number };
  /**
   * For a model whose input size its construction fixes: the weights (by name, "DEFAULT" included)
   * with which the builder makes another model than the one measured, and the input size it takes.
   */
  otherBuilds?: Record<string, number>;
}

interface Table {
  provenance: { torch: string; torchvision: string; method: string };
  models: Record<string, TableEntry | { task: string; error: string }>;
}

const TABLE = TORCHVISION_TABLE as Table;
const MODELS = TABLE.models;

/** The versions the table was measured with. */
export const TORCHVISION_PROVENANCE = TABLE.provenance;

function entryOf(name: string): TableEntry | null {
  const entry = MODELS[name];
  return entry && !('error' in entry) ? entry : null;
}

/**
 * The input size of the other model that `weights` (a weights name such as `IMAGENET1K_SWAG_E2E_V1`,
 * or `DEFAULT`) makes the builder of `name` build, where it builds another model than the table's.
 */
export function otherBuildOf(name: string, weights: string): number | null {
  return entryOf(name)?.otherBuilds?.[weights] ?? null;
}

/** The torchvision builders of the table (`resnet50`, `fasterrcnn_resnet50_fpn`, ...). */
export function isTorchvisionModel(name: string): boolean {
  return entryOf(name) !== null;
}

/** Segmentation models of torchvision are built with 21 classes unless told otherwise. */
const SEGMENTATION_CLASSES = 21;

/**
 * A torchvision model, built with `num_classes` when given (a new classifier of that width), and
 * `trainable` parameters when the code freezes some.
 */
export function torchvisionModel(name: string, options: { numClasses?: number | null; label?: string } = {}): KnownModel | null {
  const entry = entryOf(name);
  if (!entry) return null;
  const channels = 3;
  const defaultInput: InputShape = { kind: 'image', size: entry.defaultSize, channels, ...(entry.frames ? { frames: entry.frames } : {}) };
  let parameters = entry.parameters;
  let largest = entry.largestParameter;
  const classes = options.numClasses ?? entry.classifier?.classes ?? null;
  if (options.numClasses && entry.classifier && entry.task !== 'segmentation' && entry.task !== 'detection') {
    const { inFeatures, classes: built } = entry.classifier;
    parameters += (inFeatures + 1) * (options.numClasses - built);
    largest = Math.max(largest, inFeatures * options.numClasses);
  }
  const loss: LossShape = entry.task === 'detection' ? { kind: 'internal' }
    : entry.task === 'segmentation' ? { kind: 'per-pixel', classes: options.numClasses ?? SEGMENTATION_CLASSES }
    : { kind: 'classes', classes: classes ?? 1000 };
  return {
    label: options.label ?? `torchvision ${name}`,
    defaultInput,
    fixedInput: entry.fixedSize,
    footprintAt(input: InputShape): ModelFootprint | { unknown: string } {
      if (input.kind !== 'image') return { unknown: `${name} takes images` };
      const pixels = input.size * input.size * (entry.frames ?? 1);
      const scale = (affine: Affine) => Math.max(0, affine.fixed + affine.perPixel * pixels);
      const losses = lossBytes(loss, input);
      return {
        parameters,
        trainableParameters: parameters,
        bufferBytes: entry.bufferBytes,
        largestParameter: largest,
        savedBytesPerSample: scale(entry.saved),
        transientBytes: entry.transient.constant,
        transientBytesPerSample: scale(entry.transient),
        inputBytesPerSample: inputBytes({ ...input, ...(entry.frames ? { frames: entry.frames } : {}) }) + losses.targets,
        lossBytesPerSample: losses.saved,
      };
    },
  };
}

/**
 * timm models with the architecture (and parameter count) of a torchvision model. ResNets, ResNeXts,
 * wide ResNets, VGGs, DenseNets, EfficientNet B0-B7, MobileNetV3, ConvNeXt, Swin and ViT B/L at 224.
 */
const TIMM_TO_TORCHVISION: Record<string, string> = {
  resnet18: 'resnet18', resnet34: 'resnet34', resnet50: 'resnet50', resnet101: 'resnet101', resnet152: 'resnet152',
  resnext50_32x4d: 'resnext50_32x4d', resnext101_32x8d: 'resnext101_32x8d', resnext101_64x4d: 'resnext101_64x4d',
  wide_resnet50_2: 'wide_resnet50_2', wide_resnet101_2: 'wide_resnet101_2',
  vgg11: 'vgg11', vgg13: 'vgg13', vgg16: 'vgg16', vgg19: 'vgg19', vgg11_bn: 'vgg11_bn', vgg13_bn: 'vgg13_bn', vgg16_bn: 'vgg16_bn', vgg19_bn: 'vgg19_bn',
  densenet121: 'densenet121', densenet161: 'densenet161', densenet169: 'densenet169', densenet201: 'densenet201',
  efficientnet_b0: 'efficientnet_b0', efficientnet_b1: 'efficientnet_b1', efficientnet_b2: 'efficientnet_b2', efficientnet_b3: 'efficientnet_b3',
  efficientnet_b4: 'efficientnet_b4', efficientnet_b5: 'efficientnet_b5', efficientnet_b6: 'efficientnet_b6', efficientnet_b7: 'efficientnet_b7',
  mobilenetv3_large_100: 'mobilenet_v3_large', mobilenetv3_small_100: 'mobilenet_v3_small', mobilenetv2_100: 'mobilenet_v2',
  convnext_tiny: 'convnext_tiny', convnext_small: 'convnext_small', convnext_base: 'convnext_base', convnext_large: 'convnext_large',
  swin_tiny_patch4_window7_224: 'swin_t', swin_small_patch4_window7_224: 'swin_s', swin_base_patch4_window7_224: 'swin_b',
  vit_base_patch16_224: 'vit_b_16', vit_base_patch32_224: 'vit_b_32', vit_large_patch16_224: 'vit_l_16', vit_large_patch32_224: 'vit_l_32',
  inception_v3: 'inception_v3', alexnet: 'alexnet',
};

/** The torchvision model a timm name stands for (`resnet50.a1_in1k` is `resnet50`), or null. */
export function torchvisionEquivalentOfTimm(name: string): string | null {
  const base = name.split('.')[0]!.replace(/^tv_/, '');
  return TIMM_TO_TORCHVISION[base] ?? null;
}
