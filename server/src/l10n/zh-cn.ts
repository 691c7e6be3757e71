// Simplified Chinese. Terms follow docs/l10n/glossary.md; code, rule codes and numbers stay as they are.
import type { EvalReason, LoaderName, ValueOrigin } from '../core/message-parts';
import type { Messages, OriginDetail } from './messages';

const code = (text: string) => `\`${text}\``;
/** Where a loop is: its line, and in a notebook its cell too. */
const loopPlace = (line: number, cell: number | undefined) => (cell === undefined ? `第 ${line} 行` : `第 ${cell} 个单元格第 ${line} 行`);

function loaderText(name: LoaderName | null): string {
  switch (name?.kind) {
    case 'variable': return `DataLoader ${code(name.text)}`;
    case 'key': return `键 ${code(JSON.stringify(name.text))} 对应的 DataLoader`;
    case 'keyword': return `作为 ${code(`${name.text}=`)} 传入的 DataLoader`;
    case 'returned': return `由 ${code(`${name.text}()`)} 返回的 DataLoader`;
    default: return 'DataLoader';
  }
}

function originName(origin: ValueOrigin, mark: (text: string) => string): string {
  switch (origin.kind) {
    case 'argparse': return `argparse 中 ${mark(origin.option)} 的默认值`;
    case 'name': return mark(origin.name);
    case 'parameter-default': return `${mark(origin.parameter)} 的默认值`;
    case 'every-call': return `每处调用传入的 ${mark(origin.parameter)}`;
    default: return '';
  }
}

function originText({ origin, expression, through }: OriginDetail): string {
  const parts: string[] = [];
  if (origin.kind === 'expression') parts.push(code(expression));
  else if (origin.kind !== 'literal') parts.push(`来自 ${originName(origin, code)}`);
  if (through !== null) parts.push(`经由 ${code(through)}`);
  return parts.length ? `（${parts.join('，')}）` : '';
}

/** Where the edited literal sits, as "在…处", or nothing when it is the argument itself. */
function placeText(place: ValueOrigin | null): string {
  if (place === null || place.kind === 'literal' || place.kind === 'expression') return '';
  switch (place.kind) {
    case 'argparse': return `在 argparse 中 ${place.option} 的默认值处`;
    case 'name': return `在给 ${place.name} 赋值处`;
    case 'parameter-default': return `在 ${place.parameter} 的默认值处`;
    case 'every-call': return `在各调用传入 ${place.parameter} 处`;
  }
}

function reasonText(reason: EvalReason): string {
  switch (reason.kind) {
    case 'eval-function': return `函数 ${code(reason.name)}`;
    case 'eval-loop': return `遍历 ${code(reason.over)} 的循环`;
    case 'after-eval': return `${code(`${reason.receiver}.eval()`)} 之后的代码`;
    case 'unused-function': return `它所在的函数 ${code(reason.name)} 的输出从未传到 backward()`;
    case 'unused-output': return reason.beside ? `${code(reason.beside)} 中的 backward() 没有用到它的计算图` : '其输出从未传到 backward()';
    case 'training-off': return `调用 ${code(`${reason.fn}(..., ${reason.flag}=${reason.value})`)} 会跳过 ${code(reason.fn)} 中所有的 backward() 和优化器步骤`;
    case 'unguarded-call': return `${code(reason.fn)} 的其他调用都在关闭梯度时运行它`;
  }
}

const KEEPS_GRAPHS = '每次迭代的计算图都会一直保留。';
const names = (list: readonly string[], mark: (text: string) => string) => list.map(mark).join(' 和 ');

export const zhCn: Messages = {
  addCall: ({ call }) => `添加 ${call}`,
  setArgument: ({ name, value, place }) => `${placeText(place)}将 ${name} 设为 ${value}`,

  oom001UnusedGraph: ({ forward, isForwardPass, reason }) => {
    const call = code(`${forward}(...)`);
    if (reason.kind === 'eval-function' || reason.kind === 'eval-loop' || reason.kind === 'after-eval') {
      return isForwardPass
        ? `评估代码（${reasonText(reason)}）中的前向传播 ${call} 记录了 autograd 计算图，但该计算图从未被使用。`
        : `${call} 在评估代码（${reasonText(reason)}）中运行前向传播，其 autograd 计算图从未被使用。`;
    }
    return isForwardPass
      ? `前向传播 ${call} 记录了 autograd 计算图，但该计算图从未被使用：${reasonText(reason)}。`
      : `${call} 运行了前向传播，其 autograd 计算图从未被使用：${reasonText(reason)}。`;
  },
  oom001DecorateFunction: ({ fn, decorator }) => `为 ${fn} 加上 @${decorator}() 装饰器`,
  oom001WrapForward: ({ guard }) => `用 ${guard}() 包裹前向传播`,
  oom001WrapLoop: ({ guard }) => `用 ${guard}() 包裹循环`,
  oom001WrapEvaluation: ({ guard }) => `用 ${guard}() 包裹评估代码`,
  oom001WrapCall: ({ fn, guard }) => `用 ${guard}() 包裹对 ${fn} 的调用`,
  oom001AndMoveToCpu: ({ guardTitle, list }) => `${guardTitle}，并把 ${list ?? '输出'} 保存在 CPU 上`,

  oom002StoredWithGraph: ({ item, how, container, outlives }) =>
    `${code(item)} 仍带有 autograd 计算图，却被${how === 'stored' ? '存入' : '追加到'} ${code(container)}，而 ${code(container)} 在${outlives === 'iteration' ? '本次迭代' : '训练步'}结束后依然存在。`,

  oom003Accumulates: ({ name, addend }) => `${code(name)} 累加了带 autograd 计算图的 ${code(addend)}，${KEEPS_GRAPHS}`,
  oom003MeterUpdate: ({ receiver, value }) => `${code(`${receiver}.update()`)} 把带 autograd 计算图的 ${code(value)} 计入统计器的累计值，${KEEPS_GRAPHS}`,
  oom003AddsToTotal: ({ receiver, method, value, total }) =>
    `${code(`${receiver}.${method}()`)} 把带 autograd 计算图的 ${code(value)} 加到 ${code(total)} 上，${KEEPS_GRAPHS}`,

  oom004BatchSize: ({ loader, perProcess, batchSize, origin, limit }) =>
    `用于训练的 ${loaderText(loader)} 的${perProcess ? '每进程 ' : ' '}batch_size 为 ${batchSize}${originText(origin)}，已达到或超过 max-batch-size ${limit}。`,

  oom004DoesNotFit: ({ loader, perProcess, batchSize, origin, model, peak, needed, gpu, fitting }) =>
    `用于训练的 ${loaderText(loader)} 的${perProcess ? '每进程 ' : ' '}batch_size 为 ${batchSize}${originText(origin)}：${model} 的一个训练步估计峰值为 ${peak}，加上 CUDA 上下文和分配器余量需要 ${needed}，超过 GPU 的 ${gpu}；${fitting > 0 ? `batch_size ${fitting} 放得下` : '连 batch 为 1 也放不下'}。`,
  oom004LimitBecauseNoGpuSize: () => `没有可用于判断该训练步的 GPU 显存大小（${code('--gpu-memory')}、[tool.oomlint] 中的 ${code('gpu-memory')}，或编辑器状态栏读取的 GPU），因此按固定上限判断。`,
  oom004LimitBecauseUnknown: ({ model }) => `无法估计该训练步的显存（${model ? `oomlint 不知道 ${code(model)} 的显存占用` : '没有找到传给优化器的模型'}），因此按固定上限判断。`,
  oom004LowerBatch: ({ value, steps, place, accumulates }) =>
    accumulates ? `${placeText(place)}将 batch_size 设为 ${value}，并在训练循环中累积 ${steps} 步梯度`
      : `${placeText(place)}将 batch_size 设为 ${value}；累积 ${steps} 步梯度需自行添加`,

  oom005PinnedWorkers: ({ loader, pinMemory, byDefault, workers, origin, limit }) =>
    `${loaderText(loader)} 使用锁页内存（${code(`pin_memory=${pinMemory}`)}${byDefault ? '，默认即为 true' : ''}），同时有 ${workers} 个工作进程${originText(origin)}，已达到或超过 max-pinned-workers ${limit}。`,

  oom006RetainsCarried: ({ fn, carried }) =>
    `${code(`${fn}(...)`)} 中的 ${code('retain_graph=True')} 让每次迭代的计算图都挂在 ${code(carried)} 上，而 ${code(carried)} 未经分离（detach）就进入了下一次迭代。`,
  oom006RetainsUnused: ({ fn }) =>
    `${code(`${fn}(...)`)} 中的 ${code('retain_graph=True')} 让每次迭代的 autograd 计算图一直保留，但本次迭代中此后没有任何代码再通过它反向传播。`,
  oom006DetachAndRemove: ({ carried }) => `每次迭代分离 ${carried}，并删除 retain_graph=True`,
  oom006RemoveRetainGraph: () => '删除 retain_graph=True',

  oom007OutputKeptOnGpu: ({ value, list }) =>
    `模型输出 ${code(value)} 留在 GPU 上并存入 ${code(list)}，而 ${code(list)} 在循环的每次迭代中都会变长。`,

  oom008HiddenCarried: ({ names: carried, fn, retained }) => {
    const consequence = retained
      ? `由于 ${code('retain_graph=True')}，每个批次的计算图和激活值都挂在它上面，显存随批次不断增长（或者原地更新权重会让下一次 backward 失败）`
      : `下一次 ${code('backward()')} 会走进上一个批次已释放的计算图（"Trying to backward through the graph a second time"）`;
    return `${names(carried, code)} 从 ${fn ? code(`${fn}(...)`) : '模型'} 输出后，在下一次迭代中未经 ${code('.detach()')} 又传回其中，使每个批次的 autograd 计算图都与上一个批次相连：${consequence}。`;
  },
  oom008DetachWithHelper: ({ names: carried, helper }) => `用 ${helper}() 分离 ${names(carried, (n) => n)}`,
  oom008DetachBeforeForward: ({ names: carried }) => `在下一次前向传播之前分离 ${names(carried, (n) => n)}`,

  oom009NoMapLocation: ({ call, keptBy }) =>
    `${code(call)} 没有指定 ${code('map_location')}：检查点（checkpoint）中的张量会先被恢复到保存它们时所在的 GPU 上（多 GPU 训练时每个进程都恢复到同一块 GPU），然后才由 ${code('load_state_dict')} 复制${keptBy ? `；而且在${loopPlace(keptBy.loopLine, keptBy.loopCell)}的循环运行期间，${code(keptBy.name)} 一直让它们留在显存中` : ''}。`,
  oom009KeptOnGpu: ({ names, loopLine, loopCell }) =>
    `加载到 GPU 上的检查点在${loopPlace(loopLine, loopCell)}的循环运行期间仍被 ${names.map(code).join('、')} 引用，使设备上多保留了一份权重。`,
  oom009MapToCpu: () => '为 torch.load 添加 map_location="cpu"',
  oom009DeleteBeforeLoop: ({ names }) => `在训练循环之前删除 ${names.join('、')}`,

  oom010CurrentDevice: ({ site }) =>
    `${code(site)} 使用的是当前 CUDA 设备，在这次分布式训练的每个进程中都是 GPU 0：它之前没有调用 ${code('torch.cuda.set_device(...)')}。`,
  oom010UseRank: ({ rank }) => `用 ${rank} 作为设备编号`,

  oom011EmptyCache: ({ call, where }) =>
    `${where === 'loop' ? '训练循环中的' : '每个训练步都会运行的钩子中的'} ${code(call)} 释放不了任何仍被引用的张量，反而拖慢每一步（它会同步，下一步还要重新通过 cudaMalloc 分配显存）。如果显存持续增长，请查找仍被引用的张量：未调用 ${code('.item()')} 就累加的损失、存入列表的输出、被保留的计算图。`,
  oom011RemoveCall: () => '删除该调用',

  fullStop: '。',
  hoverWhy: '为何占用显存：',
  hoverFix: '修复：',
  hoverFixSeparator: '；或 ',
  hoverUnsafe: '（不安全修复：请先检查）',
  hoverByHand: '（需手动修改）',
  hoverNoFix: '此处没有自动修复；完整文档给出了应改写成的代码',
  hoverFullDocumentation: '完整文档',
  pageDefaults: ({ severity, fix }) =>
    `默认严重级别：${severity}。修复：${fix === 'always' ? '总是提供' : fix === 'sometimes' ? '部分情况提供' : '无'}。`,
  pageOffByDefault: ({ code: rule, because }) =>
    `默认关闭：${because === undefined ? '它在真实代码上的精确率低于 95%' : `原因见英文说明（${because}）`}。可通过 \`select = ["${rule}"]\` 或为 ${rule} 设置 \`severity\` 来启用。`,
  pageWhatItDoes: '作用',
  pageWhyIsThisBad: '为什么有问题？',
  pageExample: '示例',
  pageUseInstead: '应改为：',
  pageFixSafety: '修复安全性',
  pageReferences: '参考资料',
  pageTranslationNote: '*本页译自英文版；如有出入，以英文版为准。*',

  unsafeFixTitle: ({ title }) => `${title}（不安全）`,
  fixAllTitle: '修复所有 oomlint 问题',
  ignoreOnLine: ({ code: rule }) => `在此行忽略 ${rule}`,
  showDocumentation: ({ code: rule }) => `显示 ${rule} 的文档`,
  notAnalysedTooLarge: ({ lines, millions, limitMillions }) =>
    `oomlint：编辑器中未分析：此文件有 ${lines.toLocaleString('zh-CN')} 行（${millions} 百万字符），超过了编辑器在输入时分析的上限 ${limitMillions} 百万字符；请在终端中对它运行 \`oomlint check\`。`,
  notAnalysedTooManyStatements: ({ statements, limit }) =>
    `oomlint：编辑器中未分析：此文件有 ${statements.toLocaleString('zh-CN')} 条顶层语句，超过了编辑器在输入时跟踪的上限 ${limit.toLocaleString('zh-CN')} 条；请在终端中对它运行 \`oomlint check\`。`,
  notAnalysedError: ({ error }) => `oomlint：未分析：${error}；请在终端中对它运行 \`oomlint check\`。`,
  notAnalysedOverBudget: ({ reason }) => `oomlint：${zhCn.overBudget({ reason })}。`,
  overBudget: ({ reason }) => {
    switch (reason.kind) {
      case 'lines':
        return `未分析：此文件有 ${reason.count.toLocaleString('zh-CN')} 行，超过了 oomlint 对单个文件分析的上限 ${reason.limit.toLocaleString('zh-CN')} 行`;
      case 'nodes':
        return `未分析：此文件有 ${reason.count.toLocaleString('zh-CN')} 个语法节点，超过了 oomlint 对单个文件分析的上限 ${reason.limit.toLocaleString('zh-CN')} 个`;
      case 'parse-time':
        return `未分析：解析超过 ${reason.limitMs / 1000} 秒，已放弃`;
      case 'analysis-time':
        return `未分析：分析超过 ${reason.limitMs / 1000} 秒，已放弃`;
    }
  },
  configProblemNotice: ({ file, line, problem, more }) =>
    `oomlint：${file} 第 ${line} 行：${problem}${more > 0 ? `（另有 ${more.toLocaleString('zh-CN')} 处）` : ''}。`,
  configProblemShow: '显示',
  configReplaceKey: ({ key }) => `替换为 ${key}`,
  indexingTitle: 'oomlint：正在索引工作区',
  indexingFiles: ({ done, total }) => `${done.toLocaleString('zh-CN')} / ${total.toLocaleString('zh-CN')} 个文件`,
  estimateHoverPeak: ({ peak, model, batch }) => `**每个训练步约 ${peak}**（${model}，batch ${batch}），按 \`oomlint estimate\` 的估计`,
  estimateHoverParts: ({ weights, gradients, optimizerState, activations, batch, backwardTransient }) =>
    `权重 ${weights} · 梯度 ${gradients} · 优化器状态 ${optimizerState} · 激活值 ${activations} · 输入 batch ${batch} · 反向传播临时显存 ${backwardTransient}`,
  estimateHoverFit: ({ gpu, fits, needed, largest }) =>
    fits ? `放得下 ${gpu} 的 GPU（加上 CUDA 上下文和余量约需 ${needed}）；batch ${largest} 也还放得下。` : `放不下 ${gpu} 的 GPU（加上 CUDA 上下文和余量约需 ${needed}）；${largest > 0 ? `batch ${largest} 放得下` : '连 batch 为 1 也放不下'}。`,
  estimateHoverAssumed: ({ count }) => `有 ${count} 项输入是假定的；\`oomlint estimate\` 会列出它们。`,
  estimateInlayHint: ({ peak, gpu, fits, largest }) =>
    `每步约 ${peak}${gpu === null || fits === null ? '' : fits ? `；放得下 ${gpu} 的 GPU` : `；放不下 ${gpu} 的 GPU，${largest > 0 ? `batch ${largest} 放得下` : '连 batch 为 1 也放不下'}`}`,

  configProblem: (detail) => {
    switch (detail.kind) {
      case 'invalid-toml': return `TOML 无效：${detail.reason}（第 ${detail.column} 列）；修正之前使用默认值`;
      case 'unreadable': return `无法读取：${detail.reason}；使用默认值`;
      case 'not-found': return '找不到文件';
      case 'section-not-table': return `${code(detail.section)} 必须是表；使用默认值`;
      case 'unknown-key':
        return detail.suggestion === null
          ? `未知的键 ${code(detail.key)}（已知的键：${detail.known.join('、')}）`
          : `未知的键 ${code(detail.key)}；是否想写 ${code(detail.suggestion)}？`;
      case 'not-string-list': return `${code(detail.key)} 必须是字符串列表，而不是 ${code(detail.value)}；使用默认值`;
      case 'not-selector': return `${code(detail.key)} 中的 ${code(detail.entry)} 不是规则代码或前缀（例如 OOM003、OOM 或 ALL）；已忽略该项`;
      case 'not-positive-integer': return `${code(detail.key)} 必须是正整数，而不是 ${code(detail.value)}；使用默认值`;
      case 'not-size': return `${code(detail.key)} 必须是大小，例如 "10MB"、"512KB" 或 1048576，而不是 ${code(detail.value)}；使用默认值`;
      case 'not-table':
        return detail.key === 'severity'
          ? `${code('severity')} 必须是“代码 = "error" | "warning" | "information" | "hint" | "off"”形式的表，而不是 ${code(detail.value)}`
          : `${code('per-file-ignores')} 必须是“glob = [代码]”形式的表，而不是 ${code(detail.value)}`;
      case 'not-rule-code': return `${code('severity')} 中的 ${code(detail.code)} 不是规则代码（例如 OOM003）`;
      case 'bad-severity': return `${detail.code} 的严重级别必须是 ${detail.levels.join('、')} 之一，而不是 ${code(detail.value)}`;
      case 'pattern-too-long':
        return `${code(detail.key)} 中有一个模式长 ${detail.length.toLocaleString('zh-CN')} 个字符，超过了单个模式允许的 ${detail.limit.toLocaleString('zh-CN')} 个字符；已忽略该模式`;
      case 'patterns-too-long':
        return `此文件中的模式合计超过 ${detail.limit.toLocaleString('zh-CN')} 个字符；此模式及其后的模式均被忽略`;
      case 'limit-not-raised':
        return `项目自身的 ${code(detail.key)} 不能把上限提高到 ${detail.limit} 以上（此文件要求 ${code(detail.value)}），因此更大的文件仍会被跳过；如需提高，请使用 --max-file-size，或用 --config 指定此文件`;
      case 'gitignore-wildcards-too-long':
        return `此 .gitignore 中含通配符的行合计超过 ${detail.limit.toLocaleString('zh-CN')} 个字符；从此处起的 ${detail.count.toLocaleString('zh-CN')} 行未被应用，因此它们本应排除的文件仍会被检查`;
      case 'more-problems': return `此文件中另有 ${detail.count.toLocaleString('zh-CN')} 个问题`;
    }
  },
  configErrorLabel: '配置错误：',
  configWarningLabel: '配置警告：',

  summaryWouldFix: ({ fixes, unsafeOnly }) => `可修复 ${fixes} 个问题${unsafeOnly ? `（另有 ${unsafeOnly} 个可用 --unsafe-fixes 修复）` : ''}。`,
  summaryNoFixes: ({ unsafeOnly }) => `没有可用的修复${unsafeOnly ? `（${unsafeOnly} 个可用 --unsafe-fixes 修复）` : ''}。`,
  summaryFoundAfterFixing: ({ total, fixed, remaining, unsafeOnly }) =>
    `发现 ${total} 个问题（已修复 ${fixed} 个，剩余 ${remaining} 个${unsafeOnly ? `，${unsafeOnly} 个可用 --unsafe-fixes 修复` : ''}）。`,
  summaryFound: ({ total, fixable, unsafeOnly }) => {
    const parts = [...(fixable ? [`${fixable} 个可用 --fix 修复`] : []), ...(unsafeOnly ? [`${unsafeOnly} 个可用 --unsafe-fixes 修复`] : [])];
    return `发现 ${total} 个问题${parts.length ? `（${parts.join('，')}）` : ''}。`;
  },
  summaryAllPassed: '所有检查均已通过！',
  summaryFixesNotApplied: ({ files }) => `有 ${files} 个文件的修复未被应用（见上文）；其问题按发现时列出。`,
  summaryNotChecked: ({ files, noProblems }) => `${noProblems ? '未发现问题，但' : ''}有 ${files} 个文件无法检查。`,
};
