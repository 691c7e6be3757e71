// Simplified Chinese rule pages: each entry translates its rule's summary and doc sections.
// Terms follow docs/l10n/glossary.md; code spans, identifiers and numbers stay as in English.
import { DEFAULT_SETTINGS } from '../../core/settings';
import type { TranslatedRuleDoc } from './types';

export const RULE_DOCS: Partial<Record<string, TranslatedRuleDoc>> = {
  OOM001: {
    summary: '评估代码在 autograd 记录计算图的情况下运行模型',
    whatItDoes: `检查在梯度记录开启时运行、而输出从未到达反向传播的前向传播。有两类证据。其一是评估代码：名字形如
\`evaluate\`、\`validate\`、\`test\`、\`predict\`、\`infer\`、\`generate\` 或 \`sample\` 的函数，遍历验证集或测试集
loader 的循环，\`model.eval()\` 之后的代码，以及在 \`__init__\` 中就把模型永久切到 eval 模式的类的方法。其二是输出的去向，
与代码叫什么名字无关：规则沿着赋值、解包、算术运算、方法调用、输出被放进的列表和字典，以及同一文件内函数返回给调用方的值一路追踪；
若某次前向传播的输出没有到达任何 \`backward()\`、\`torch.autograd.grad\` 或训练辅助函数，就报告它，例如训练循环里每 50 步
在测试集上做的一次前向传播、只保存图片的采样辅助函数、训练结束后在模块顶层做的预测。如果一个辅助函数把前向传播的输出同时交给
训练和日志（在训练步之前为了 \`.item()\` 先调用一次 \`compute_loss(data)\`），或者文件中模型的某个方法返回这样的输出
（\`samples = vae.generate(z)\` 只被存成图片），则在每个结果未被使用的调用处报告。以下代码不报告：处于 \`torch.no_grad()\`、
\`torch.inference_mode()\`、\`torch.set_grad_enabled(False)\`（包括通过 \`ExitStack\` 进入的）或 \`@torch.no_grad()\`
装饰器之下的代码，文件中所有调用方都在关闭梯度时调用的辅助函数，以及 Lightning 的评估钩子。离开文件可见范围的输出也不报告：
从文件中没有任何地方调用的函数返回的输出、存到对象上的输出，或由作为值传给另一个函数的函数产生的输出。对模型输出调用
\`.numpy()\` 却没有先分离计算图的代码同样不报告：输出还在计算图中时 PyTorch 会拒绝这样做，所以这类代码一定是在关闭梯度的情况下
运行的，只是保护措施在文件看不到的地方。每个未受保护的函数或区域只报告一次，位置是它的第一次前向传播。`,
    whyIsThisBad: `\`model.eval()\` 只会把 dropout、batch norm 等层切换到推理时的行为，并不会停止 autograd。只要梯度模式开着，
前向传播中的每个操作都会保存自己的输入和中间激活值，以备反向传播使用。评估时不会有反向传播，可只要由这些激活值算出的任何输出、
损失或指标还被引用，它们就一直占着显存。结果是评估用掉的显存是应有的好几倍，训练时跑得好好的 batch size 到了验证阶段却报
CUDA out of memory。`,
    fixSafety: `当区域内不计算梯度时，添加 \`@torch.no_grad()\` 或把评估循环包进 \`with torch.no_grad():\` 是安全的：调用了
\`backward()\`、\`step()\`、\`autograd.grad\` 或 \`requires_grad_()\` 的区域根本不会被报告。给返回模型输出的函数加装饰器会被标为
不安全，因为其他文件中的调用方可能会经由这个输出做反向传播。文件没有导入 torch 时会加上 \`import torch\`。如果是在同时做训练的代码里
追踪到某个输出没有到达反向传播，修复只包裹这几条语句，并标为不安全：它要进入训练循环，落地之前值得看一眼。`,
  },
  OOM002: {
    summary: '带着 autograd 计算图的张量被跨训练迭代保存',
    whatItDoes: `检查训练循环（调用了 \`backward()\` 或优化器 \`step()\` 的循环）中仍带有 autograd 计算图的张量（损失、模型输出、
对它们做的算术运算结果）：它们被 append、extend 或赋值进一个在循环外创建、因而比单次迭代活得更久的列表或字典（也包括存在字典里的
列表 \`history["loss"].append(loss)\`、日志记录中的张量、逐个键填写后被保留的每步字典
\`logs = {}; logs["loss"] = loss; history.append(logs)\`，以及用循环变量组成的 f-string 命名的槽位
\`by_step[f"loss_{step}"] = loss\`），或者被执行一个训练步的方法（调用 \`backward()\`，或是 Lightning 的
\`training_step\`）保存在 \`self\` 上。在从不训练的代码中（函数里没有 \`backward()\` 或优化器更新）遍历数据的循环同样算数：
那里每个被保存的输出的计算图都白白留着。每次迭代都会重新创建的列表，以及为了之后的 \`backward()\` 而有意保留的列表（比如
REINFORCE 保存的对数概率），不会被报告。`,
    whyIsThisBad: `需要梯度的张量持有它的 \`grad_fn\`，并通过它持有产生它的那次迭代的整张计算图：除非反向传播已经释放了它们，
否则每一层保存的激活值都在其中，而计算图节点无论如何都在。把这样的张量存进一个跨迭代存活的列表，就会让这一切一直活着，显存随每个批次
增长。用 \`losses.append(loss)\` 记录损失历史，是在一个 epoch 跑到一半时 CUDA 显存耗尽的经典原因。`,
    fixSafety: `追加 \`.detach()\` 是安全的：保存下来的张量保留其值、类型和设备，只去掉没人用的计算图。改存 \`.item()\`（标量）或
\`.detach().cpu()\`（输出）是不安全的：保存的值的类型或设备会改变，之后读取这个列表的代码可能没有预料到。如果保存的是一个指向由张量
组成的字典或列表的名字（\`logs.append(loss_dict)\`），则不提供修复：其中每个张量都需要在构建字典的地方分离。`,
  },
  OOM003: {
    summary: '损失的累计值让每次迭代的 autograd 计算图一直存活',
    whatItDoes: `检查训练循环（调用了 \`backward()\` 或优化器 \`step()\` 的循环）中诸如 \`total_loss += loss\` 或
\`total = total + loss\` 这样的累计：被加上的值仍带有 autograd 计算图（在开启梯度时算出的损失或模型输出），而累计值跨迭代存活；
或者在执行训练步的方法（调用 \`backward()\`）中累加到 \`self.running_loss\` 这类比每次调用都活得久的属性上。在从不训练的代码中
（函数里没有 \`backward()\` 或优化器更新）遍历数据的循环同样算数：此时累计值把没人用的计算图串在一起。按损失项分别累计也算
（在遍历各项的内层循环中写 \`totals[k] += loss_dict[k]\`、\`totals[k] = totals.get(k, 0) + v\`；当字典来自一次前向传播，或者来自
任意调用而该训练步对各项之和做反向传播时，这些项带有计算图），保存在对象内部的累计值也算：\`losses.update(loss, n)\`，其中
\`update\` 是本文件中某个类（例如 AverageMeter）的方法，它把参数加到一个属性上（\`self.sum += val * n\`）。之后本身会被反向传播的
累计值（梯度累积），以及单个训练步内部的求和（在内层循环中构建的多项损失）不会被报告。`,
    whyIsThisBad: `把需要梯度的张量加到累计值上，累计值就变成一个需要梯度的张量，它的 \`grad_fn\` 指向本次迭代的损失，而损失又指向本次
迭代的计算图。下一次迭代再往这个累计值上加，就把各次的计算图串成一条链。链上的任何东西都无法释放，于是显存随每个批次增长，直到这个
epoch 结束或 CUDA 显存耗尽。PyTorch FAQ 把它列为训练过程中显存持续增长的头号原因。`,
    fixSafety: `给被加的值追加 \`.detach()\` 是安全的：累计值保留其类型和设备，只去掉没人用的计算图。追加 \`.item()\` 是不安全的：
累计值会变成 Python float（这通常正是本意，还能省掉每步一个 GPU 张量），但之后对它调用张量方法的代码会受影响。`,
  },
  OOM004: {
    summary: '训练用的 DataLoader 的 batch size 达到或超过配置的上限',
    whatItDoes: `检查为训练提供数据、且 \`batch_size\` 达到或超过 \`max-batch-size\`（未配置时为 ${DEFAULT_SETTINGS.maxBatchSize}）的
\`torch.utils.data.DataLoader(...)\` 调用。batch size 可以是字面量、只赋值一次的常量、argparse 默认值（\`args.batch_size\`，
也包括通过接收解析后参数的函数形参传入，如 \`main(parse_args())\`，或者当类的每个实例都用这些参数构建时通过 \`self.opt\` 传入）、
函数形参的默认值或该函数所有调用处传入的同一个值、本文件中设置类的属性（\`CFG.batch_size\`、dataclass 字段的默认值）、从未修改过的
字典字面量中的条目（\`hparams["batch_size"]\`）、\`**kwargs\` 字典中的条目，或者
\`a if torch.cuda.is_available() else b\`（取有 GPU 时的值；其他条件只在两个分支一致时才算）；它可以按关键字传入，也可以作为
第二个位置参数传入。当 loader 的名字或数据集表明它用于训练（\`train_loader\`、\`MNIST(..., train=True)\`）、它会打乱数据、或者
遍历它的循环调用了 \`backward()\` 或 \`step()\` 时，就算作训练用 loader；为验证或测试命名或构建的 loader，以及只在关闭梯度时被遍历的
loader，都不予理会。无法静态推算的大小不报告，被文件覆盖或从配置重新加载的 argparse 值也不报告。使用 \`DistributedSampler\` 时，
batch size 是每个进程的，也就是每张 GPU 需要容纳的量。从不使用 GPU 的文件（没有 \`.cuda()\`、\`"cuda"\` 或 \`device\`）不检查。`,
    whyIsThisBad: `训练时，前向传播要为反向传播保留每一层的激活值，这部分显存随 batch 线性增长。在一张卡上放得下的 batch size，
换到显存小一些的卡上就会溢出，而且错误要等到第一个完整批次（或序列最长的那个批次）到来时才出现。刚好塞满显存的 batch size 没有给
分配器的碎片化或异常大的输入留余地，训练可能跑了几个小时才失败。把批次拆开、在多步上做梯度累积，可以用一小部分激活值显存得到几乎
相同的参数更新。`,
    fixSafety: `修复会把 batch size 所来自的整数字面量（参数本身、常量或 argparse 默认值）不断减半，直到低于上限：在默认上限 512 下，
1024 会变成 256。它是不安全的：它改变了实际的 batch，从而改变学习率调度、batch norm 统计量和训练结果，除非训练循环随后在与 batch
被拆分倍数相同的步数上做梯度累积（上例中为 4），就像上面的代码那样；修复不会添加这个循环。常量或 argparse 默认值可能还供给其他
loader。batch size 是计算得出时不提供修复。`,
  },
};
