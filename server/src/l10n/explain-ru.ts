// Russian words of the out-of-memory explanation. Terms follow docs/l10n/glossary.md.
import type { ExplainMessages, OomCause, OomFormName, OomHeadlineParams, OomNote, OomRemedy } from './explain-messages';

const REMEDIES: Record<OomRemedy, (conf: string) => string> = {
  'no-grad': () => 'Запускайте оценку и инференс внутри `with torch.no_grad():` (или `torch.inference_mode()`), чтобы граф не сохранялся (OOM001).',
  'smaller-batch': () => 'Уменьшите батч и используйте накопление градиентов за несколько шагов, чтобы сохранить эффективный размер батча.',
  'mixed-precision': () => 'Используйте смешанную точность (`torch.autocast` с bfloat16 или float16): активации займут вдвое меньше памяти.',
  checkpointing: () => 'Пересчитывайте активации в обратном проходе, а не храните их (`torch.utils.checkpoint`).',
  'numbers-not-tensors': () => 'Храните между шагами числа, а не тензоры: `loss.item()` или `.detach()` перед сохранением или суммированием (OOM002, OOM003).',
  'distributed-data-parallel': () => 'DataParallel собирает все выходы на GPU 0: используйте вместо него DistributedDataParallel (по процессу на GPU) или FSDP.',
  'raise-memory-fraction': (conf) => `Поднимите или снимите ограничение, заданное \`torch.cuda.set_per_process_memory_fraction\` (или \`per_process_memory_fraction\` в ${conf}).`,
  'max-split-size': (conf) => `Задайте \`${conf}=max_split_size_mb:128\` до запуска программы, чтобы большие блоки не дробились на куски, которые уже не переиспользовать.`,
  'max-split-size-rocm': (conf) =>
    `Задайте \`${conf}=max_split_size_mb:128\` до запуска программы; \`expandable_segments:True\` на ROCm работает только с PyTorch 2.11 и новее на ROCm 7.`,
  'expandable-segments': (conf) =>
    `Задайте \`${conf}=expandable_segments:True\` до запуска программы, чтобы аллокатор мог расширять сегмент, а не искать новый непрерывный блок (PyTorch 2.1 и новее, Linux).`,
  'upgrade-for-allocator-options': (conf) =>
    `В PyTorch до 1.10 (в его сообщении нет подсказки) нет настроек аллокатора против фрагментации: обновитесь и задайте \`${conf}=max_split_size_mb:128\` (1.10 и новее) или \`expandable_segments:True\` (2.1 и новее).`,
  'empty-cache-between-phases': () => 'Вызывайте `torch.cuda.empty_cache()` между фазами, которые выделяют тензоры разной формы (валидация после обучения).',
  'look-at-shapes': () =>
    'Проверьте формы тензоров в упавшей операции: размер батча, длину последовательности, размер изображения или непреднамеренный broadcasting ([N, 1] против [N] даёт N x N).',
  'process-in-chunks': () => 'Обрабатывайте вход частями (цикл по срезам батча или последовательности).',
  'mixed-precision-halves-tensor': () => 'Используйте смешанную точность (`torch.autocast` с bfloat16 или float16), чтобы уменьшить тензор вдвое.',
  'checkpointing-in-backward': () => 'Если сбой в обратном проходе, пересчитывайте активации, а не храните их (`torch.utils.checkpoint`).',
  'invalid-size-check-shapes': () =>
    'Напечатайте формы тензоров на входе упавшего вызова: размерность, посчитанная отрицательной (размер минус что-то большее) или переполнившаяся, превращается в такой размер.',
  'see-processes-hip': () => 'Посмотрите, какие процессы занимают GPU: `rocm-smi --showpids` и `rocm-smi --showmeminfo vram`.',
  'see-processes-cuda': () => 'Посмотрите, какие процессы занимают GPU: `nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`.',
  'stop-or-other-gpu': () => 'Остановите их или запустите программу на другом GPU (`CUDA_VISIBLE_DEVICES`).',
  'memory-outside-pytorch-here': () =>
    'Проверьте, не занимает ли программа память вне PyTorch: воркеры DataLoader, обращающиеся к CUDA, другие фреймворки (TensorFlow, JAX) или рабочие области cuDNN в том же процессе.',
  'set-device-per-rank': () =>
    'В каждом процессе вызывайте `torch.cuda.set_device(local_rank)` до любой работы с CUDA и загружайте чекпойнты с `map_location` (GPU этого ранга или CPU), чтобы ни один ранг не создавал контекст на GPU 0 (OOM009, OOM010).',
  'leave-headroom': () => 'Оставьте место библиотекам: батч поменьше или `torch.backends.cudnn.benchmark = False`, при котором пробуется меньше больших рабочих областей.',
  'cuda-launch-blocking': () => 'CUDA сообщает об ошибках с опозданием: запустите один раз с `CUDA_LAUNCH_BLOCKING=1`, чтобы увидеть вызов, который действительно упал.',
  'paste-whole-message': () => 'Вставьте сообщение целиком: причину определяют его числа.',
  'unprinted-memory-fraction': () => 'Если задана доля памяти (`set_per_process_memory_fraction`), PyTorch до версии 2.5 её не печатает: увеличьте её.',
  'windows-wddm': () => 'В Windows драйвер может отказать в выделении, хотя свободная память ещё есть (WDDM), а рабочий стол забирает свою долю: попробуйте батч поменьше.',
  'leak-rules': () =>
    'Найдите то, что растёт от шага к шагу: запустите `oomlint check` на коде обучения; OOM002, OOM003, OOM007 и OOM008 находят тензоры, которые переходят из итерации в итерацию вместе с графом.',
  'notebook-free': () =>
    'В ноутбуке предыдущие ячейки держат свои тензоры (а `Out[n]` — результаты): удалите их через `del`, затем вызовите `gc.collect()` и `torch.cuda.empty_cache()` или перезапустите ядро перед новым запуском.',
  'image-app-smaller': () => 'Просите меньше за раз: меньшее разрешение, меньше кадров или изображений в батче, поблочное (tiled) декодирование или режим приложения для малого объёма видеопамяти.',
  'deepspeed-zero-offload': () =>
    'С DeepSpeed перейдите на ZeRO stage 3, выгрузите состояние оптимизатора и параметры (`offload_optimizer`, `offload_param`) и уменьшите `train_micro_batch_size_per_gpu`.',
  'mps-other-allocations': () =>
    '«Другие выделения» — это память Metal этого процесса вне аллокатора MPS в PyTorch (другие модели или фреймворки, загруженные в том же приложении): выгрузите ненужное.',
  'mps-empty-cache': () => 'Освобождайте закэшированные блоки между шагами или изображениями: `torch.mps.empty_cache()`.',
  'mps-watermark': () =>
    'Лимит действует на процесс (`PYTORCH_MPS_HIGH_WATERMARK_RATIO`, по умолчанию 1.7 от рекомендуемого размера); если его поднять, macOS начнёт использовать своп, а `0.0` снимает его с риском зависания системы.',
  'mps-smaller-model': () => 'Используйте модель поменьше, половинную точность (float16) или меньший батч либо разрешение.',
  'host-memory-loading': () =>
    'Это оперативная память, а не память GPU: загружайте данные лениво или через отображение в память, чекпойнты — с `mmap=True` и `map_location`, уменьшите число воркеров DataLoader или добавьте своп.',
  'vllm-memory-utilization-raise': () => 'Поднимите `gpu_memory_utilization` (по умолчанию 0.9), если GPU больше ничем не занят, чтобы больше осталось под KV-кэш.',
  'vllm-memory-utilization-lower': () => 'Уменьшите `gpu_memory_utilization`, чтобы движок оставлял место тому, что ещё работает на GPU.',
  'vllm-max-model-len': () => 'Уменьшите `max_model_len` до нужного вам контекста: KV-кэш должен вмещать хотя бы одну последовательность целиком.',
  'vllm-max-num-seqs': () => 'Уменьшите `max_num_seqs` (и `max_num_batched_tokens`): меньше последовательностей одновременно — меньше памяти под активации.',
  'vllm-more-gpus': () => 'Разнесите модель на больше GPU (`tensor_parallel_size`) или используйте квантованную модель, чтобы веса оставляли больше места.',
  'tensorflow-memory': () =>
    'В TensorFlow: батч поменьше, смешанная точность (`tf.keras.mixed_precision.set_global_policy("mixed_float16")`) и `tf.config.experimental.set_memory_growth`, когда GPU делится с другой программой.',
  'jax-preallocation': () =>
    'JAX при запуске занимает 75% GPU: если GPU делится с другими программами, задайте `XLA_PYTHON_CLIENT_PREALLOCATE=false` или `XLA_PYTHON_CLIENT_MEM_FRACTION`; иначе уменьшите батч или длину последовательности.',
  'xpu-block-limit': () => 'GPU Intel ограничивают размер одного выделения (4 GB на многих платформах, меньше под WSL2): разбейте тензор на части поменьше.',
};

const CAUSES: Record<OomCause, string> = {
  'memory-fraction': 'достигнута доля памяти',
  fragmentation: 'фрагментация',
  'huge-allocation': 'одно огромное выделение',
  'outside-pytorch': 'память вне PyTorch',
  'ranks-on-one-gpu': 'несколько процессов на одном GPU',
  'own-tensors': 'собственные тензоры программы',
  'leak-over-time': 'память растёт со временем',
  'outside-allocator': 'выделение вне аллокатора PyTorch',
  'host-memory': 'оперативная память (RAM)',
  'kv-cache': 'бюджет памяти движка инференса',
  'invalid-size': 'невозможный размер',
  undetermined: 'не определена',
};

const FORMS: Record<OomFormName, string> = {
  '2018-cached': 'формат PyTorch 1.0-1.4',
  '2020-reserved': 'формат PyTorch 1.5-2.0',
  '2023-process': 'формат PyTorch 2.1+',
  mps: 'Apple MPS',
  'cuda-error': 'исходная ошибка CUDA',
  cublas: 'ошибка cuBLAS',
  cudnn: 'ошибка cuDNN',
  thc: 'формат PyTorch до 1.0',
  'cpu-allocator': 'аллокатор оперативной памяти',
  vllm: 'сообщение vLLM',
  tensorflow: 'сообщение TensorFlow',
  jax: 'сообщение JAX',
};

function headline(p: OomHeadlineParams): string {
  switch (p.cause) {
    case 'memory-fraction':
      return p.allowed === '?'
        ? 'PyTorch упёрся в лимит, заданный долей памяти, хотя у устройства памяти больше.'
        : `PyTorch исчерпал ${p.allowed}, разрешённые долей памяти, хотя у устройства памяти больше.`;
    case 'fragmentation':
      return `PyTorch держит ${p.unallocated}, которые не использует: этого хватило бы на запрошенные ${p.requested}, но только кусками, в которые запрос не помещается.`;
    case 'huge-allocation':
      return `Одно выделение в ${p.requested}${p.percent ? ` — это ${p.percent} от доступных ${p.capacity}` : ''}: форма тензора больше задуманной или вход слишком велик для этого устройства.`;
    case 'outside-pytorch':
      return p.mps
        ? `Память Metal, которую этот процесс держит вне PyTorch, занимает ${p.outside} из лимита в ${p.capacity}.`
        : `${p.outside} из ${p.capacity} заняты вне PyTorch этой программы: другими процессами или памятью не PyTorch.`;
    case 'ranks-on-one-gpu':
      return `${p.count} процессов делят GPU ${p.gpu}: ранги этой программы создают контекст CUDA на GPU ${p.gpu} помимо своего.`;
    case 'own-tensors':
      return `PyTorch выделил под тензоры ${p.allocated} из ${p.capacity}, и ещё ${p.requested} не помещаются.`;
    case 'leak-over-time':
      return `Программа проработала ${p.epoch !== null ? `до эпохи ${p.epoch}` : 'какое-то время'}, прежде чем память кончилась: память растёт от шага к шагу, чаще всего из-за тензоров, переходящих между итерациями.`;
    case 'outside-allocator':
      return p.library === 'cublas'
        ? 'cuBLAS не смог получить память под свой дескриптор: GPU уже был заполнен.'
        : p.library === 'cudnn'
          ? 'cuDNN не смог получить память под рабочую область свёртки: GPU уже был заполнен.'
          : 'Не удалось выделение CUDA вне кэширующего аллокатора PyTorch: GPU уже был заполнен.';
    case 'host-memory':
      return `Кончилась оперативная память компьютера (RAM), а не память GPU: не удалось получить ${p.requested}.`;
    case 'kv-cache':
      switch (p.vllm) {
        case 'kv-cache-tokens':
        case 'kv-cache-memory':
          return 'KV-кэш vLLM не вмещает одну последовательность той длины контекста, с которой движок запущен.';
        case 'no-cache-blocks':
          return 'После загрузки модели у vLLM не остаётся памяти под KV-кэш.';
        case 'sampler-warmup':
          return 'vLLM исчерпал память при прогреве сэмплера для самого большого батча.';
        default:
          return `Движок vLLM (веса и KV-кэш) заполняет GPU: PyTorch выделил ${p.allocated} из ${p.capacity}.`;
      }
    case 'invalid-size':
      return `Запрос в ${p.requested} — не настоящий размер: какая-то размерность отрицательна или переполнилась.`;
    case 'undetermined':
      switch (p.reason) {
        case 'no-sizes':
          return 'В сообщении нет размеров: по нему не понять, что заполнило память.';
        case 'cut-off':
          return 'Сообщение обрезано до чисел, которые определяют причину.';
        case 'inconsistent':
          return 'Числа в сообщении противоречат друг другу: по ним не понять, что заполнило память.';
        default:
          return 'Свободной памяти хватает на запрос: числа не объясняют, почему в нём отказано.';
      }
  }
}

function note(p: OomNote): string {
  switch (p.kind) {
    case 'context-and-desktop':
      return `${p.size} вне PyTorch — примерно столько занимают контекст CUDA и рабочий стол на карте в ${p.capacity}, а не другая программа.`;
    case 'fragmentation-contributes':
      return `PyTorch также держит ${p.unallocated} зарезервированной, но неиспользуемой памяти — больше запрошенных ${p.requested}, но не одним куском: фрагментация усугубляет нехватку.`;
    case 'free-covers-request':
      return `Свободных ${p.free} хватило бы на запрошенные ${p.requested}: драйвер всё равно отказал (доля памяти, WDDM в Windows или другой процесс, занявший память в этот момент).`;
    case 'free-below-block':
      return `Свободных ${p.free} больше запрошенных ${p.requested}, но на почти заполненной карте этого мало: аллокатор просит у драйвера блок в ${p.block}, а последние проценты карты редко идут одним куском.`;
    case 'inconsistent':
      return p.what === 'free-above-total'
        ? `Свободно (${p.size}) больше, чем всего (${p.capacity}): драйвер учитывает память, общую с системой, поэтому числа нельзя сравнивать.`
        : `PyTorch держит больше (${p.size}), чем есть на карте (${p.capacity}): в Windows драйвер медленно переливает данные в общую системную память, и числа не сходятся с картой.`;
    case 'ranks-on-gpu':
      return `${p.count} процессов по несколько сотен MiB на GPU ${p.gpu} похожи на другие ранги этой программы, каждый со своим контекстом CUDA там.`;
    case 'mps-per-process':
      return 'На Apple silicon лимит действует на процесс, а «другие выделения» — это память Metal этого процесса, а не других программ.';
    case 'epochs':
      return `Лог показывает, что программа проработала до эпохи ${p.epoch}, прежде чем память кончилась: память росла со временем.`;
    case 'not-pytorch':
      return `Это сообщение ${p.framework === 'jax' ? 'JAX' : 'TensorFlow'}, а не PyTorch: правила oomlint к этому коду не относятся, и советы ниже — для ${p.framework === 'jax' ? 'JAX' : 'TensorFlow'}.`;
    case 'no-sizes':
      switch (p.what) {
        case 'cublas':
          return 'cuBLAS не смог выделить память под дескриптор или рабочую область: при первом умножении матриц GPU был заполнен.';
        case 'cudnn':
          return 'cuDNN не смог выделить рабочую область свёртки или не нашёл алгоритма, рабочая область которого помещается: GPU был заполнен.';
        case 'thc':
          return 'PyTorch до 1.0 не печатал размеров: по сообщению не понять, что заполнило GPU.';
        default:
          return 'CUDA сообщила о сбое без размеров: это выделение вне кэширующего аллокатора PyTorch (контекст CUDA, рабочая область библиотеки, NCCL) или, в PyTorch 0.4, сам аллокатор.';
      }
    case 'asynchronous':
      return 'Ошибки CUDA могут сообщаться при более позднем вызове: трассировка может указывать дальше упавшего выделения.';
    case 'vllm-tokens':
      return `Контекст (${p.maxModelLen} токенов) длиннее, чем ${p.tokens} токенов, которые вмещает KV-кэш.`;
    case 'vllm-kv-memory':
      return `Запросу полной длины нужно ${p.needed} KV-кэша; доступно ${p.available}.`;
    case 'vllm-startup':
      return `При запуске было свободно ${p.free} из ${p.total} — меньше, чем ${p.desired}, которые просит gpu_memory_utilization ${p.utilization}.`;
    case 'vllm-engine':
      return 'При запуске vLLM занимает свою долю GPU под веса и KV-кэш: выделение внутри движка конкурирует с этим бюджетом.';
    case 'tensor':
      return `Тензор формы ${p.shape} типа ${p.dtype}: ${p.size}.`;
    case 'repeated':
      return `То же сообщение встречается ${p.count} раз (строки ${p.lines}).`;
  }
}

export const explainRu: ExplainMessages = {
  oomCauseName: ({ cause }) => CAUSES[cause],
  oomHeadline: headline,
  oomEvidenceRequested: ({ size, share }) =>
    `Запрошено ${size}${share ? ` (${share.percent} от ${share.gpu === null ? `лимита MPS в ${share.capacity}` : `${share.capacity} на GPU ${share.gpu}`})` : ''}.`,
  oomEvidenceFree: ({ size }) => `Свободно: ${size}.`,
  oomEvidenceAllocated: ({ size }) => `Выделено PyTorch под тензоры: ${size}.`,
  oomEvidenceReservedUnallocated: ({ size }) => `Зарезервировано PyTorch, но не выделено: ${size}.`,
  oomEvidencePrivatePools: ({ size }) => `В приватных пулах (CUDA Graphs): ${size}.`,
  oomEvidenceOutside: ({ size, mps, percent }) =>
    `${mps ? 'Другие выделения (память Metal этого процесса)' : 'Занято вне PyTorch (другие процессы, контекст CUDA, память не PyTorch)'}: ${size}${percent ? ` (${percent})` : ''}.`,
  oomEvidenceNonPyTorchInProcess: ({ size }) => `Из них в этом процессе, но вне PyTorch: ${size}.`,
  oomEvidenceProcess: ({ pid, size, likelyThisProcess }) =>
    `Процесс ${pid} использует ${size}${likelyThisProcess ? ' — примерно столько, сколько зарезервировал PyTorch: скорее всего, это этот же процесс под другим PID (контейнер)' : ''}.`,
  oomEvidenceAllowed: ({ size }) => `Разрешено долей памяти: ${size}.`,
  oomEvidenceTruncated: 'Сообщение обрезано; прочитаны только числа до обрыва.',
  oomNote: note,
  oomRemedy: ({ remedy, conf }) => REMEDIES[remedy](conf),

  oomWhat: ({ backend, gpu, form }) => {
    if (form === 'tensorflow') return backend === 'cpu' ? 'нехватка оперативной памяти в TensorFlow' : `нехватка памяти TensorFlow на GPU ${gpu}`;
    if (form === 'jax') return 'нехватка памяти JAX';
    if (form === 'vllm') return `нехватка памяти GPU в vLLM${gpu === '?' ? '' : ` на GPU ${gpu}`}`;
    if (backend === 'cpu') return 'нехватка оперативной памяти (RAM)';
    if (backend === 'mps') return 'нехватка памяти бэкенда MPS';
    return `нехватка памяти ${backend === 'hip' ? 'HIP' : backend === 'xpu' ? 'XPU' : 'CUDA'} на GPU ${gpu}`;
  },
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
  oomMoreFindings: ({ more, file }) => `... и ещё ${more} в этом файле (oomlint check ${file})`,
  oomRemediesHeading: 'Что делать (сначала самое вероятное):',
  oomMoreMessages: ({ more }) => `... и ещё ${more} сообщений о нехватке памяти, не показаны.`,
  oomFileTooLarge: ({ size, limit }) => `не проанализирован: ${size}, больше ${limit}, которые анализирует объяснение (запустите oomlint check на этом файле)`,
};
