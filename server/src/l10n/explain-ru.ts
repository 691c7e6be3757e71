// Russian words of the out-of-memory explanation. Terms follow docs/l10n/glossary.md.
import type { ExplainMessages, OomCause, OomRemedy } from './messages';

const REMEDIES: Record<OomRemedy, (conf: string) => string> = {
  'no-grad': () => 'Запускайте оценку и инференс внутри `with torch.no_grad():` (или `torch.inference_mode()`), чтобы граф не сохранялся (OOM001).',
  'smaller-batch': () => 'Уменьшите батч и используйте накопление градиентов за несколько шагов, чтобы сохранить эффективный размер батча.',
  'mixed-precision': () => 'Используйте смешанную точность (`torch.autocast` с bfloat16 или float16): активации займут вдвое меньше памяти.',
  checkpointing: () => 'Пересчитывайте активации в обратном проходе, а не храните их (`torch.utils.checkpoint`).',
  'numbers-not-tensors': () => 'Храните между шагами числа, а не тензоры: `loss.item()` или `.detach()` перед сохранением или суммированием (OOM002, OOM003).',
  'distributed-data-parallel': () => 'При нескольких GPU используйте DistributedDataParallel или FSDP вместо DataParallel, который собирает всё на GPU 0.',
  'raise-memory-fraction': (conf) => `Поднимите или снимите ограничение, заданное \`torch.cuda.set_per_process_memory_fraction\` (или \`per_process_memory_fraction\` в ${conf}).`,
  'max-split-size': (conf) =>
    `Задайте \`${conf}=max_split_size_mb:128\` (эта версия PyTorch старше \`expandable_segments\`, появившегося в PyTorch 2.1; после обновления можно использовать его).`,
  'expandable-segments': (conf) =>
    `Задайте \`${conf}=expandable_segments:True\` до запуска программы, чтобы аллокатор мог расширять сегмент, а не искать новый непрерывный блок.`,
  'empty-cache-between-phases': () => 'Вызывайте `torch.cuda.empty_cache()` между фазами, которые выделяют тензоры разной формы (валидация после обучения).',
  'look-at-shapes': () =>
    'Проверьте формы тензоров в упавшей операции: размер батча, длину последовательности, размер изображения или непреднамеренный broadcasting ([N, 1] против [N] даёт N x N).',
  'process-in-chunks': () => 'Обрабатывайте вход частями (цикл по срезам батча или последовательности).',
  'mixed-precision-halves-tensor': () => 'Используйте смешанную точность (`torch.autocast` с bfloat16 или float16), чтобы уменьшить тензор вдвое.',
  'checkpointing-in-backward': () => 'Если сбой в обратном проходе, пересчитывайте активации, а не храните их (`torch.utils.checkpoint`).',
  'mps-close-other-programs': () => 'Закройте другие программы, использующие GPU (другие серверы моделей, браузеры с множеством вкладок): macOS делит с ними память.',
  'mps-free-outside-pytorch': () => 'Освободите память, которую этот процесс занимает вне PyTorch (другие фреймворки, загруженные одновременно).',
  'mps-smaller-model': () => 'Используйте модель или батч поменьше.',
  'see-processes-hip': () => 'Посмотрите, какие процессы занимают GPU: `rocm-smi --showpids` и `rocm-smi --showmeminfo vram`.',
  'see-processes-cuda': () => 'Посмотрите, какие процессы занимают GPU: `nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`.',
  'stop-or-other-gpu': () => 'Остановите их или запустите программу на другом GPU (`CUDA_VISIBLE_DEVICES`).',
  'memory-outside-pytorch-here': () =>
    'Проверьте, не занимает ли программа память вне PyTorch: воркеры DataLoader, обращающиеся к CUDA, другие фреймворки (TensorFlow, JAX, рабочие области cuDNN) в том же процессе.',
  'paste-whole-message': () => 'Вставьте сообщение целиком: причину определяют его числа.',
  'unprinted-memory-fraction': () => 'Если задана доля памяти (`set_per_process_memory_fraction`), PyTorch до версии 2.5 её не печатает: увеличьте её.',
  'windows-wddm': () => 'В Windows драйвер может отказать в выделении, хотя свободная память ещё есть (WDDM): попробуйте батч поменьше.',
};

const CAUSES: Record<OomCause, string> = {
  'memory-fraction': 'достигнута доля памяти',
  fragmentation: 'фрагментация',
  'huge-allocation': 'одно огромное выделение',
  'outside-pytorch': 'память вне PyTorch',
  'own-tensors': 'собственные тензоры программы',
  undetermined: 'не определена',
};

const FORMS = {
  '2018-cached': 'формат PyTorch 1.0-1.4',
  '2020-reserved': 'формат PyTorch 1.5-2.0',
  '2023-process': 'формат PyTorch 2.1+',
  mps: 'Apple MPS',
} as const;

function headline(cause: OomCause, size: Parameters<ExplainMessages['oomHeadline']>[0]): string {
  switch (cause) {
    case 'memory-fraction':
      return `PyTorch исчерпал ${size.allowed}, разрешённые долей памяти, хотя у устройства памяти больше.`;
    case 'fragmentation':
      return `PyTorch держит ${size.reservedUnallocated}, которые не использует: этого хватило бы на запрошенные ${size.requested}, но не одним куском.`;
    case 'huge-allocation':
      return `Одно выделение в ${size.requested} — большая доля доступных ${size.capacity}: какая-то форма тензора больше задуманной.`;
    case 'outside-pytorch':
      return `Память вне PyTorch занимает ${size.outsidePyTorch} из ${size.capacity}: другой процесс или память этого процесса вне PyTorch.`;
    case 'own-tensors':
      return `Устройство заполнено собственными тензорами программы: PyTorch выделил ${size.allocatedByPyTorch} из ${size.capacity}.`;
    case 'undetermined':
      return 'Числа в сообщении не позволяют определить причину.';
  }
}

export const explainRu: ExplainMessages = {
  oomCauseName: ({ cause }) => CAUSES[cause],
  oomHeadline: (p) => headline(p.cause, p),
  oomEvidenceRequested: ({ size, share }) =>
    `Запрошено ${size}${share ? ` (${share.percent} от ${share.gpu === null ? `лимита MPS в ${share.capacity}` : `${share.capacity} на GPU ${share.gpu}`})` : ''}.`,
  oomEvidenceFree: ({ size }) => `Свободно: ${size}.`,
  oomEvidenceAllocated: ({ size }) => `Выделено PyTorch под тензоры: ${size}.`,
  oomEvidenceReservedUnallocated: ({ size }) => `Зарезервировано PyTorch, но не выделено: ${size}.`,
  oomEvidencePrivatePools: ({ size }) => `В приватных пулах (CUDA Graphs): ${size}.`,
  oomEvidenceOutside: ({ size, mps, percent }) =>
    `${mps ? 'Другие выделения' : 'Занято вне PyTorch (другие процессы, контекст CUDA, память не PyTorch)'}: ${size}${percent ? ` (${percent})` : ''}.`,
  oomEvidenceNonPyTorchInProcess: ({ size }) => `Из них в этом процессе, но вне PyTorch: ${size}.`,
  oomEvidenceProcess: ({ pid, size, likelyThisProcess }) =>
    `Процесс ${pid} использует ${size}${likelyThisProcess ? ' — примерно столько, сколько зарезервировал PyTorch: скорее всего, это этот же процесс под другим PID (контейнер)' : ''}.`,
  oomEvidenceAllowed: ({ size }) => `Разрешено долей памяти: ${size}.`,
  oomEvidenceTruncated: 'Сообщение обрезано; прочитаны только числа до обрыва.',
  oomRemedy: ({ remedy, conf }) => REMEDIES[remedy](conf),

  oomWhat: ({ backend, gpu }) => (backend === 'mps' ? 'нехватка памяти бэкенда MPS' : `нехватка памяти ${backend === 'hip' ? 'HIP' : 'CUDA'} на GPU ${gpu}`),
  oomForm: ({ form, truncated }) => `${FORMS[form]}${truncated ? ', обрезано' : ''}`,
  oomCauseLine: ({ cause, headline: text }) => `Причина: ${cause} — ${text}`,
  oomBarLegend: '# выделено  ~ зарезервировано, не выделено  x вне PyTorch  . свободно',
  oomFunction: ({ name, quoted }) => `функция ${quoted ? `\`${name}\`` : name}`,
  oomRanOut: ({ phase, shown, where }) =>
    `Память кончилась ${phase === 'backward' ? 'в обратном проходе' : phase === 'evaluation' ? 'в коде валидации' : 'в коде обучения'} (${shown}, ${where}).`,
  oomYourCode: 'В вашем коде (снаружи внутрь):',
  oomFrame: ({ where, fn }) => `${where}, функция ${fn}`,
  oomFailingLine: '<- строка, которая привела к выделению',
  oomFindingAt: ({ code, line, message }) => `${code} в строке ${line}: ${message}`,
  oomMoreFindings: ({ more, file }) => `... и ещё ${more} (oomlint check ${file})`,
  oomRemediesHeading: 'Что делать (сначала самое вероятное):',
};
