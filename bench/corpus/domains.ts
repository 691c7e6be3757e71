// The kinds of problem the generated code works on. A file picks one, so its batches, models,
// losses and metrics agree with each other.
import type { Lines } from './python';
import type { Random } from './random';

export type DomainKey = 'vision' | 'text' | 'audio' | 'tabular' | 'timeseries' | 'segmentation' | 'graph' | 'recsys';

export interface Domain {
  key: DomainKey;
  /** What the task is, for docstrings. */
  task: string;
  /** Names the model reads, first one first. */
  inputs: readonly string[];
  target: string;
  /** How a loop header can unpack a batch directly (`images, labels`), when batches are tuples. */
  tupleTargets: string | undefined;
  /** Lines that move one batch (in `batch`) to `device` and name its parts. */
  unpack(batch: string, device: string, random: Random): Lines;
  /** Lines that move already-unpacked tuple parts to `device`. */
  toDevice(device: string, random: Random): Lines;
  /** The model call producing the output. */
  forward(model: string): string;
  criteria: readonly string[];
  /** Outputs are class scores: accuracy makes sense. */
  classification: boolean;
  datasetNames: readonly string[];
  modelNames: readonly string[];
}

function moveAll(names: readonly string[], device: string, random: Random): Lines {
  const nonBlocking = random.chance(0.4) ? ', non_blocking=True' : '';
  if (random.chance(0.3) && names.length > 1) {
    return [`${names.join(', ')} = (t.to(${device}${nonBlocking}) for t in (${names.join(', ')}))`];
  }
  return names.map((n) => `${n} = ${n}.to(${device}${nonBlocking})`);
}

export const DOMAINS: readonly Domain[] = [
  {
    key: 'vision',
    task: 'image classification',
    inputs: ['images'],
    target: 'labels',
    tupleTargets: 'images, labels',
    unpack: (batch, device, random) =>
      random.chance(0.5)
        ? [`images, labels = ${batch}`, ...moveAll(['images', 'labels'], device, random)]
        : [`images = ${batch}[0].to(${device})`, `labels = ${batch}[1].to(${device})`],
    toDevice: (device, random) => moveAll(['images', 'labels'], device, random),
    forward: (model) => `${model}(images)`,
    criteria: ['nn.CrossEntropyLoss()', 'nn.CrossEntropyLoss(label_smoothing=0.1)', 'LabelSmoothingLoss(smoothing=0.1)', 'FocalLoss(gamma=2.0)'],
    classification: true,
    datasetNames: ['ImageFolderDataset', 'CachedImageDataset', 'PatchDataset', 'ThumbnailDataset', 'AugmentedImages'],
    modelNames: ['ResNetLite', 'ConvNet', 'WideResNet', 'MobileBlockNet', 'VisionTransformer', 'SqueezeExciteNet', 'DenseStack'],
  },
  {
    key: 'text',
    task: 'text classification',
    inputs: ['input_ids', 'attention_mask'],
    target: 'labels',
    tupleTargets: undefined,
    unpack: (batch, device, random) =>
      random.chance(0.5)
        ? [`${batch} = {k: v.to(${device}) for k, v in ${batch}.items()}`, `input_ids = ${batch}["input_ids"]`, `attention_mask = ${batch}["attention_mask"]`, `labels = ${batch}["labels"]`]
        : [`input_ids = ${batch}["input_ids"].to(${device})`, `attention_mask = ${batch}["attention_mask"].to(${device})`, `labels = ${batch}["labels"].to(${device})`],
    toDevice: (device, random) => moveAll(['input_ids', 'attention_mask', 'labels'], device, random),
    forward: (model) => `${model}(input_ids, attention_mask=attention_mask)`,
    criteria: ['nn.CrossEntropyLoss()', 'nn.CrossEntropyLoss(ignore_index=-100)', 'nn.BCEWithLogitsLoss()'],
    classification: true,
    datasetNames: ['TokenizedCorpus', 'ReviewDataset', 'SentencePairs', 'NewsHeadlines', 'DialogTurns'],
    modelNames: ['TextTransformer', 'BiLSTMClassifier', 'CNNTextClassifier', 'TinyEncoder', 'AttentionPoolClassifier'],
  },
  {
    key: 'audio',
    task: 'keyword spotting from raw audio',
    inputs: ['waveforms'],
    target: 'targets',
    tupleTargets: 'waveforms, targets',
    unpack: (batch, device, random) => [`waveforms, targets = ${batch}[:2]`, ...moveAll(['waveforms', 'targets'], device, random)],
    toDevice: (device, random) => moveAll(['waveforms', 'targets'], device, random),
    forward: (model) => `${model}(waveforms)`,
    criteria: ['nn.CrossEntropyLoss()', 'nn.NLLLoss()'],
    classification: true,
    datasetNames: ['SpeechCommands', 'ClipDataset', 'SpectrogramDataset', 'UtteranceDataset'],
    modelNames: ['M5Net', 'SpectrogramCNN', 'GRUKeywordNet', 'DilatedAudioNet'],
  },
  {
    key: 'tabular',
    task: 'regression on tabular features',
    inputs: ['features'],
    target: 'target',
    tupleTargets: 'features, target',
    unpack: (batch, device, random) => [`features, target = ${batch}`, ...moveAll(['features', 'target'], device, random)],
    toDevice: (device, random) => moveAll(['features', 'target'], device, random),
    forward: (model) => `${model}(features).squeeze(-1)`,
    criteria: ['nn.MSELoss()', 'nn.SmoothL1Loss()', 'nn.L1Loss()', 'nn.HuberLoss(delta=1.0)'],
    classification: false,
    datasetNames: ['CsvDataset', 'FeatureTable', 'ParquetRows', 'HousingData'],
    modelNames: ['TabularMLP', 'ResidualMLP', 'FeatureTokenizerNet', 'GatedMLP'],
  },
  {
    key: 'timeseries',
    task: 'multi-step forecasting',
    inputs: ['window'],
    target: 'horizon',
    tupleTargets: 'window, horizon',
    unpack: (batch, device, random) => [`window, horizon = ${batch}`, ...moveAll(['window', 'horizon'], device, random)],
    toDevice: (device, random) => moveAll(['window', 'horizon'], device, random),
    forward: (model) => `${model}(window)`,
    criteria: ['nn.MSELoss()', 'nn.L1Loss()', 'QuantileLoss([0.1, 0.5, 0.9])'],
    classification: false,
    datasetNames: ['SlidingWindowDataset', 'SensorSeries', 'LoadForecastData', 'TrafficWindows'],
    modelNames: ['TemporalConvNet', 'LSTMForecaster', 'NBeatsBlockNet', 'SeqToSeqForecaster'],
  },
  {
    key: 'segmentation',
    task: 'semantic segmentation',
    inputs: ['images'],
    target: 'masks',
    tupleTargets: 'images, masks',
    unpack: (batch, device, random) =>
      random.chance(0.5)
        ? [`images = ${batch}["image"].to(${device})`, `masks = ${batch}["mask"].to(${device}).long()`]
        : [`images, masks = ${batch}`, ...moveAll(['images', 'masks'], device, random)],
    toDevice: (device, random) => moveAll(['images', 'masks'], device, random),
    forward: (model) => `${model}(images)`,
    criteria: ['nn.CrossEntropyLoss(ignore_index=255)', 'DiceCELoss()', 'nn.CrossEntropyLoss(weight=class_weights)'],
    classification: true,
    datasetNames: ['SegmentationTiles', 'CityScenes', 'MedicalSlices', 'SatelliteMasks'],
    modelNames: ['UNet', 'SegHead', 'LiteSegNet', 'FPNDecoder'],
  },
  {
    key: 'graph',
    task: 'node classification',
    inputs: ['node_features', 'adjacency'],
    target: 'node_labels',
    tupleTargets: 'node_features, adjacency, node_labels',
    unpack: (batch, device, random) => [`node_features, adjacency, node_labels = ${batch}`, ...moveAll(['node_features', 'adjacency', 'node_labels'], device, random)],
    toDevice: (device, random) => moveAll(['node_features', 'adjacency', 'node_labels'], device, random),
    forward: (model) => `${model}(node_features, adjacency)`,
    criteria: ['nn.CrossEntropyLoss()', 'nn.NLLLoss()'],
    classification: true,
    datasetNames: ['CitationGraph', 'SubgraphSampler', 'MoleculeGraphs', 'SocialGraph'],
    modelNames: ['GCN', 'GraphSAGENet', 'GATLite', 'MessagePassingNet'],
  },
  {
    key: 'recsys',
    task: 'click-through prediction',
    inputs: ['user_ids', 'item_ids'],
    target: 'clicks',
    tupleTargets: 'user_ids, item_ids, clicks',
    unpack: (batch, device, random) => [`user_ids, item_ids, clicks = ${batch}`, ...moveAll(['user_ids', 'item_ids', 'clicks'], device, random)],
    toDevice: (device, random) => moveAll(['user_ids', 'item_ids', 'clicks'], device, random),
    forward: (model) => `${model}(user_ids, item_ids)`,
    criteria: ['nn.BCEWithLogitsLoss()', 'nn.BCEWithLogitsLoss(pos_weight=pos_weight)'],
    classification: false,
    datasetNames: ['InteractionLog', 'ClickDataset', 'ImpressionStream', 'RatingsTable'],
    modelNames: ['MatrixFactorization', 'NeuralCF', 'TwoTowerModel', 'WideAndDeep'],
  },
];
