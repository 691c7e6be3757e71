// Russian. Terms follow docs/l10n/glossary.md; code, rule codes and numbers stay as they are. Counts
// are written as `name=value` where a numeral would have to agree with its noun.
import type { EvalReason, LoaderName, ValueOrigin } from '../core/message-parts';
import type { Messages, OriginDetail } from './messages';

const code = (text: string) => `\`${text}\``;
/** Where a loop is: its line, and in a notebook its cell too. */
const loopPlace = (line: number, cell: number | undefined) => (cell === undefined ? `в строке ${line}` : `в ячейке ${cell}, строка ${line}`);
const plain = (text: string) => text;

function loaderText(name: LoaderName | null): string {
  switch (name?.kind) {
    case 'variable': return `DataLoader ${code(name.text)}`;
    case 'key': return `DataLoader по ключу ${code(JSON.stringify(name.text))}`;
    case 'keyword': return `DataLoader из аргумента ${code(`${name.text}=`)}`;
    case 'returned': return `DataLoader из ${code(`${name.text}()`)}`;
    default: return 'DataLoader';
  }
}

/** Where a value came from, in the genitive ("из ..."). */
function originFrom(origin: ValueOrigin, mark: (text: string) => string): string {
  switch (origin.kind) {
    case 'argparse': return `значения по умолчанию ${mark(origin.option)} в argparse`;
    case 'name': return mark(origin.name);
    case 'parameter-default': return `значения по умолчанию параметра ${mark(origin.parameter)}`;
    case 'every-call': return `значения ${mark(origin.parameter)} во всех вызовах`;
    default: return '';
  }
}

function originText({ origin, expression, through }: OriginDetail): string {
  const parts: string[] = [];
  if (origin.kind === 'expression') parts.push(code(expression));
  else if (origin.kind !== 'literal') parts.push(`из ${originFrom(origin, code)}`);
  if (through !== null) parts.push(`через ${code(through)}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** " там, где определяется BATCH_SIZE", or nothing when the literal is the argument itself. */
function placeText(place: ValueOrigin | null): string {
  if (place === null || place.kind === 'literal' || place.kind === 'expression' || place.kind === 'argparse') return '';
  switch (place.kind) {
    case 'name': return ` там, где определяется ${place.name}`;
    case 'parameter-default': return ` в значении по умолчанию параметра ${place.parameter}`;
    case 'every-call': return ` во всех вызовах, передающих ${place.parameter}`;
  }
}

function evalPlace(reason: EvalReason): string {
  switch (reason.kind) {
    case 'eval-function': return `функция ${code(reason.name)}`;
    case 'eval-loop': return `цикл по ${code(reason.over)}`;
    case 'after-eval': return `код после ${code(`${reason.receiver}.eval()`)}`;
    case 'unused-function': return `он выполняется в функции ${code(reason.name)}, выходы которой не доходят до backward()`;
    case 'unused-output': return reason.beside ? `backward() в ${code(reason.beside)} не использует его граф` : 'его выход не доходит до backward()';
    case 'training-off': return `вызов ${code(`${reason.fn}(..., ${reason.flag}=${reason.value})`)} пропускает все backward() и шаги оптимизатора в ${code(reason.fn)}`;
    case 'unguarded-call': return `другие вызовы ${code(reason.fn)} выполняют её с выключенными градиентами`;
  }
}

const KEEPS_GRAPHS = 'вместе с графом autograd, и графы всех итераций остаются в памяти.';
const names = (list: readonly string[], mark: (text: string) => string) => list.map(mark).join(' и ');

export const ru: Messages = {
  addCall: ({ call }) => `Добавить ${call}`,
  // An argparse default is named by its option: the edit changes the option's default.
  setArgument: ({ name, value, place }) =>
    place?.kind === 'argparse' ? `Задать значение по умолчанию ${place.option} = ${value}` : `Задать ${name}=${value}${placeText(place)}`,

  oom001UnusedGraph: ({ forward, isForwardPass, reason }) => {
    const call = code(`${forward}(...)`);
    if (reason.kind === 'eval-function' || reason.kind === 'eval-loop' || reason.kind === 'after-eval') {
      return isForwardPass
        ? `Прямой проход ${call} в коде оценки (${evalPlace(reason)}) строит граф autograd, который нигде не используется.`
        : `${call} выполняет прямой проход в коде оценки (${evalPlace(reason)}), и его граф autograd нигде не используется.`;
    }
    return isForwardPass
      ? `Прямой проход ${call} строит граф autograd, который нигде не используется: ${evalPlace(reason)}.`
      : `${call} выполняет прямой проход, граф autograd которого нигде не используется: ${evalPlace(reason)}.`;
  },
  oom001DecorateFunction: ({ fn, decorator }) => `Добавить к ${fn} декоратор @${decorator}()`,
  oom001WrapForward: ({ guard }) => `Обернуть прямой проход в ${guard}()`,
  oom001WrapLoop: ({ guard }) => `Обернуть цикл в ${guard}()`,
  oom001WrapEvaluation: ({ guard }) => `Обернуть код оценки в ${guard}()`,
  oom001WrapCall: ({ fn, guard }) => `Обернуть вызов ${fn} в ${guard}()`,
  oom001AndMoveToCpu: ({ guardTitle, list }) => `${guardTitle} и хранить ${list ?? 'выходы'} на CPU`,

  oom002StoredWithGraph: ({ item, how, container, outlives }) =>
    `${code(item)} всё ещё несёт граф autograd и ${how === 'stored' ? 'сохраняется' : 'добавляется'} в ${code(container)}, который живёт дольше, чем ${outlives === 'iteration' ? 'итерация' : 'шаг обучения'}.`,

  oom003Accumulates: ({ name, addend }) => `${code(name)} накапливает ${code(addend)} ${KEEPS_GRAPHS}`,
  oom003MeterUpdate: ({ receiver, value }) => `${code(`${receiver}.update()`)} добавляет ${code(value)} в накопленную сумму счётчика ${KEEPS_GRAPHS}`,
  oom003AddsToTotal: ({ receiver, method, value, total }) => `${code(`${receiver}.${method}()`)} добавляет ${code(value)} к ${code(total)} ${KEEPS_GRAPHS}`,

  oom004BatchSize: ({ loader, perProcess, batchSize, origin, limit }) =>
    `Обучающий ${loaderText(loader)} использует batch_size ${batchSize}${perProcess ? ' на процесс' : ''}${originText(origin)}, что не меньше max-batch-size ${limit}.`,

  oom004DoesNotFit: ({ loader, perProcess, batchSize, origin, model, peak, needed, gpu, fitting }) =>
    `Обучающий ${loaderText(loader)} использует batch_size ${batchSize}${perProcess ? ' на процесс' : ''}${originText(origin)}: шаг обучения ${model} по оценке требует ${peak} в пике, ${needed} вместе с контекстом CUDA и запасом аллокатора — больше, чем ${gpu} у GPU; ${fitting > 0 ? `помещается batch_size ${fitting}` : 'не помещается даже батч из 1'}.`,
  oom004LimitBecauseNoGpuSize: () => ` Размер памяти GPU, по которому можно оценить шаг, неизвестен (${code('--gpu-memory')}, ${code('gpu-memory')} в [tool.oomlint] или GPU из строки состояния редактора), поэтому действует фиксированный предел.`,
  oom004LimitBecauseUnknown: ({ model }) => ` Память шага оценить нельзя (${model ? `oomlint не знает, сколько памяти занимает ${code(model)}` : 'не найдена модель, переданная оптимизатору'}), поэтому действует фиксированный предел.`,
  oom004LowerBatch: ({ value, steps, place, accumulates }) =>
    accumulates ? `Задать batch_size=${value}${placeText(place)} и накапливать градиенты в цикле обучения за ${steps} шага`
      : `Задать batch_size=${value}${placeText(place)}; накопление градиентов за ${steps} шага нужно добавить самому`,

  oom005PinnedWorkers: ({ loader, pinMemory, byDefault, workers, origin, limit }) =>
    `${loaderText(loader)} закрепляет память (${code(`pin_memory=${pinMemory}`)}${byDefault ? ', по умолчанию true' : ''}) при num_workers=${workers}${originText(origin)}, что не меньше max-pinned-workers ${limit}.`,

  oom006RetainsCarried: ({ fn, carried }) =>
    `${code('retain_graph=True')} в ${code(`${fn}(...)`)} оставляет граф каждой итерации привязанным к ${code(carried)}, который без отсоединения (detach) переходит в следующую итерацию.`,
  oom006RetainsUnused: ({ fn }) =>
    `${code('retain_graph=True')} в ${code(`${fn}(...)`)} сохраняет граф autograd каждой итерации, хотя позже в той же итерации обратный проход через него больше не выполняется.`,
  oom006DetachAndRemove: ({ carried }) => `Отсоединять ${carried} на каждой итерации и убрать retain_graph=True`,
  oom006RemoveRetainGraph: () => 'Убрать retain_graph=True',

  oom007OutputKeptOnGpu: ({ value, list }) =>
    `Выход модели ${code(value)} хранится на GPU в ${code(list)}, который растёт на каждой итерации цикла.`,

  oom008HiddenCarried: ({ names: carried, fn, retained }) => {
    const consequence = retained
      ? `с ${code('retain_graph=True')} графы и активации всех батчей остаются привязанными к нему, и память растёт с каждым батчем (или обновление весов на месте ломает следующий backward)`
      : `следующий ${code('backward()')} заходит в уже освобождённый граф предыдущего батча ("Trying to backward through the graph a second time")`;
    const verb = carried.length > 1 ? 'снова подаются' : 'снова подаётся';
    return `${names(carried, code)} из ${fn ? code(`${fn}(...)`) : 'модели'} на следующей итерации ${verb} на вход без ${code('.detach()')}, и граф autograd каждого батча цепляется к предыдущему: ${consequence}.`;
  },
  oom008DetachWithHelper: ({ names: carried, helper }) => `Отсоединить ${names(carried, plain)} с помощью ${helper}()`,
  oom008DetachBeforeForward: ({ names: carried }) => `Отсоединить ${names(carried, plain)} перед следующим прямым проходом`,

  oom009NoMapLocation: ({ call, keptBy }) =>
    `${code(call)} не задаёт ${code('map_location')}: тензоры чекпоинта восстанавливаются на тот GPU, с которого их сохранили (в многопроцессном запуске — на один и тот же GPU во всех процессах), и только потом ${code('load_state_dict')} их копирует${keptBy ? `, а ${code(keptBy.name)} удерживает их там, пока работает цикл ${loopPlace(keptBy.loopLine, keptBy.loopCell)}` : ''}.`,
  oom009KeptOnGpu: ({ names, loopLine, loopCell }) =>
    `Чекпоинт, загруженный на GPU, остаётся доступен через ${names.map(code).join(', ')}, пока работает цикл ${loopPlace(loopLine, loopCell)}, и на устройстве хранится вторая копия весов.`,
  oom009MapToCpu: () => 'Добавить map_location="cpu" в torch.load',
  oom009DeleteBeforeLoop: ({ names }) => `Удалить ${names.join(', ')} перед циклом обучения`,

  oom010CurrentDevice: ({ site }) =>
    `${code(site)} использует текущее устройство CUDA — GPU 0 в каждом процессе этого распределённого запуска: до него не вызывается ${code('torch.cuda.set_device(...)')}.`,
  oom010UseRank: ({ rank }) => `Использовать ${rank} как номер устройства`,

  oom011EmptyCache: ({ call, where }) =>
    `${code(call)} ${where === 'loop' ? 'в цикле обучения' : 'в хуке, который выполняется на каждом шаге обучения,'} не освобождает ни одного тензора, на который ещё есть ссылки, и замедляет каждый шаг (он синхронизирует GPU, а следующему шагу приходится снова выделять память через cudaMalloc). Если память растёт, ищите тензоры, которые остаются живыми: лоссы, суммируемые без ${code('.item()')}, выходы, сохраняемые в списках, удерживаемые графы.`,
  oom011RemoveCall: () => 'Удалить вызов',

  fullStop: '.',
  hoverWhy: 'Почему это расходует память:',
  hoverFix: 'Исправление:',
  hoverFixSeparator: '; или ',
  hoverUnsafe: ' (небезопасное исправление: проверьте)',
  hoverByHand: ' (вручную)',
  hoverNoFix: 'автоматического исправления здесь нет; в полной документации показан код, которым его заменить',
  hoverFullDocumentation: 'Полная документация',
  pageDefaults: ({ severity, fix }) =>
    `Уровень серьёзности по умолчанию: ${severity}. Исправление: ${fix === 'always' ? 'всегда' : fix === 'sometimes' ? 'иногда' : 'нет'}.`,
  pageOffByDefault: ({ code: rule, because }) =>
    `Выключено по умолчанию: ${because === undefined ? 'точность на реальном коде ниже 95%' : `причина указана по-английски (${because})`}. Включите его через \`select = ["${rule}"]\` или запись \`severity\` для ${rule}.`,
  pageWhatItDoes: 'Что делает',
  pageWhyIsThisBad: 'Чем это плохо?',
  pageExample: 'Пример',
  pageUseInstead: 'Лучше так:',
  pageFixSafety: 'Безопасность исправления',
  pageReferences: 'Ссылки',
  pageTranslationNote: '*Перевод с английского; при расхождениях верна английская версия.*',

  unsafeFixTitle: ({ title }) => `${title} (небезопасно)`,
  fixAllTitle: 'Исправить все проблемы oomlint',
  ignoreOnLine: ({ code: rule }) => `Игнорировать ${rule} в этой строке`,
  showDocumentation: ({ code: rule }) => `Показать документацию по ${rule}`,
  notAnalysedTooLarge: ({ lines, millions, limitMillions }) =>
    `oomlint: в редакторе не анализируется: в файле ${lines.toLocaleString('ru')} стр. (${millions} млн символов), больше ${limitMillions} млн, которые редактор анализирует при наборе; запустите для него \`oomlint check\` в терминале.`,
  notAnalysedTooManyStatements: ({ statements, limit }) =>
    `oomlint: в редакторе не анализируется: в файле ${statements.toLocaleString('ru')} инструкций верхнего уровня, больше ${limit.toLocaleString('ru')}, которые редактор отслеживает при наборе; запустите для него \`oomlint check\` в терминале.`,
  notAnalysedError: ({ error }) => `oomlint: не проанализировано: ${error}; запустите для него \`oomlint check\` в терминале.`,
  notAnalysedOverBudget: ({ reason }) => `oomlint: ${ru.overBudget({ reason })}.`,
  overBudget: ({ reason }) => {
    switch (reason.kind) {
      case 'lines':
        return `не проанализировано: в файле ${reason.count.toLocaleString('ru')} стр., больше ${reason.limit.toLocaleString('ru')}, которые oomlint анализирует в одном файле`;
      case 'nodes':
        return `не проанализировано: в файле ${reason.count.toLocaleString('ru')} узлов синтаксического дерева, больше ${reason.limit.toLocaleString('ru')}, которые oomlint анализирует в одном файле`;
      case 'parse-time':
        return `не проанализировано: разбор занял больше ${reason.limitMs / 1000} с и был прерван`;
      case 'analysis-time':
        return `не проанализировано: анализ занял больше ${reason.limitMs / 1000} с и был прерван`;
    }
  },
  configProblemNotice: ({ file, line, problem, more }) =>
    `oomlint: ${file}, строка ${line}: ${problem}${more > 0 ? ` (и ещё ${more.toLocaleString('ru')})` : ''}.`,
  configProblemShow: 'Показать',
  configReplaceKey: ({ key }) => `Заменить на ${key}`,
  indexingTitle: 'oomlint: индексация рабочей области',
  indexingFiles: ({ done, total }) => `${done.toLocaleString('ru')} / ${total.toLocaleString('ru')} файлов`,
  estimateHoverPeak: ({ peak, model, batch }) => `**≈ ${peak} на шаг обучения** (${model}, батч ${batch}) по оценке \`oomlint estimate\``,
  estimateHoverParts: ({ weights, gradients, optimizerState, activations, batch, backwardTransient }) =>
    `веса ${weights} · градиенты ${gradients} · состояние оптимизатора ${optimizerState} · активации ${activations} · входной батч ${batch} · временная память обратного прохода ${backwardTransient}`,
  estimateHoverFit: ({ gpu, fits, needed, largest }) =>
    fits ? `Помещается в GPU на ${gpu} (нужно ≈ ${needed} с контекстом CUDA и запасом); поместился бы и батч ${largest}.` : `Не помещается в GPU на ${gpu} (нужно ≈ ${needed} с контекстом CUDA и запасом); ${largest > 0 ? `помещается батч ${largest}` : 'не помещается даже батч из 1'}.`,
  estimateHoverAssumed: ({ count }) => `Предположений о входных данных: ${count}; их перечисляет \`oomlint estimate\`.`,
  estimateInlayHint: ({ peak, gpu, fits, largest }) =>
    `≈ ${peak} на шаг${gpu === null || fits === null ? '' : fits ? `; помещается в GPU на ${gpu}` : `; не помещается в GPU на ${gpu}, ${largest > 0 ? `помещается батч ${largest}` : 'не помещается даже батч из 1'}`}`,

  configProblem: (detail) => {
    switch (detail.kind) {
      case 'invalid-toml': return `недопустимый TOML: ${detail.reason} (столбец ${detail.column}); пока это не исправлено, используются значения по умолчанию`;
      case 'unreadable': return `не удалось прочитать: ${detail.reason}; используются значения по умолчанию`;
      case 'not-found': return 'файл не найден';
      case 'section-not-table': return `${code(detail.section)} должен быть таблицей; используются значения по умолчанию`;
      case 'unknown-key':
        return detail.suggestion === null
          ? `неизвестный ключ ${code(detail.key)} (известные ключи: ${detail.known.join(', ')})`
          : `неизвестный ключ ${code(detail.key)}; возможно, имелся в виду ${code(detail.suggestion)}?`;
      case 'not-string-list': return `${code(detail.key)} должен быть списком строк, а не ${code(detail.value)}; используется значение по умолчанию`;
      case 'not-selector': return `${code(detail.entry)} в ${code(detail.key)} не является кодом правила или его префиксом (например, OOM003, OOM или ALL); элемент пропущен`;
      case 'not-positive-integer': return `${code(detail.key)} должен быть положительным целым числом, а не ${code(detail.value)}; используется значение по умолчанию`;
      case 'not-size': return `${code(detail.key)} должен быть размером, например "10MB", "512KB" или 1048576, а не ${code(detail.value)}; используется значение по умолчанию`;
      case 'not-table':
        return detail.key === 'severity'
          ? `${code('severity')} должен быть таблицей вида код = "error" | "warning" | "information" | "hint" | "off", а не ${code(detail.value)}`
          : `${code('per-file-ignores')} должен быть таблицей вида glob = [коды], а не ${code(detail.value)}`;
      case 'not-rule-code': return `${code(detail.code)} в ${code('severity')} не является кодом правила (например, OOM003)`;
      case 'bad-severity': return `уровень серьёзности для ${detail.code} должен быть одним из: ${detail.levels.join(', ')}, а не ${code(detail.value)}`;
      case 'pattern-too-long':
        return `шаблон в ${code(detail.key)} длиной ${detail.length.toLocaleString('ru')} символов, больше допустимых ${detail.limit.toLocaleString('ru')}; он не учитывается`;
      case 'patterns-too-long':
        return `шаблоны этого файла в сумме длиннее ${detail.limit.toLocaleString('ru')} символов; этот и следующие за ним не учитываются`;
      case 'limit-not-raised':
        return `собственный ${code(detail.key)} проекта не может поднять предел выше ${detail.limit} (файл просит ${code(detail.value)}), поэтому файлы крупнее по-прежнему пропускаются; чтобы поднять предел, передайте --max-file-size или укажите этот файл через --config`;
      case 'gitignore-wildcards-too-long':
        return `строки этого .gitignore с подстановочными знаками в сумме длиннее ${detail.limit.toLocaleString('ru')} символов; строки начиная с этой (${detail.count.toLocaleString('ru')}) не применяются, поэтому файлы, которые они исключили бы, проверяются`;
      case 'more-problems': return `и ещё проблем в этом файле: ${detail.count.toLocaleString('ru')}`;
    }
  },
  configErrorLabel: 'ошибка конфигурации:',
  configWarningLabel: 'предупреждение конфигурации:',

  // Counts follow a colon ("Найдено проблем: 3"), as Russian interfaces write them, so no noun has to agree.
  summaryWouldFix: ({ fixes, unsafeOnly }) => `Будет исправлено проблем: ${fixes}${unsafeOnly ? ` (ещё с --unsafe-fixes: ${unsafeOnly})` : ''}.`,
  summaryNoFixes: ({ unsafeOnly }) => `Исправлений нет${unsafeOnly ? ` (с --unsafe-fixes: ${unsafeOnly})` : ''}.`,
  summaryFoundAfterFixing: ({ total, fixed, remaining, unsafeOnly }) =>
    `Найдено проблем: ${total} (исправлено: ${fixed}, осталось: ${remaining}${unsafeOnly ? `, исправимо с --unsafe-fixes: ${unsafeOnly}` : ''}).`,
  summaryFound: ({ total, fixable, unsafeOnly }) => {
    const parts = [...(fixable ? [`исправимо с --fix: ${fixable}`] : []), ...(unsafeOnly ? [`с --unsafe-fixes: ${unsafeOnly}`] : [])];
    return `Найдено проблем: ${total}${parts.length ? ` (${parts.join(', ')})` : ''}.`;
  },
  summaryAllPassed: 'Все проверки пройдены!',
  summaryFixesNotApplied: ({ files }) => `Файлов, к которым исправления не применены: ${files} (см. выше); их проблемы перечислены как найденные.`,
  summaryNotChecked: ({ files, noProblems }) => `${noProblems ? 'Проблем не найдено, но не удалось проверить файлов' : 'Не удалось проверить файлов'}: ${files}.`,
};
