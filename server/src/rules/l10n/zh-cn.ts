// Simplified Chinese rule pages: each entry translates its rule's summary and doc sections.
// Terms follow docs/l10n/glossary.md; code spans, identifiers and numbers stay as in English.
import { DEFAULT_SETTINGS } from '../../core/settings';
import type { TranslatedRuleDoc } from './types';

export const RULE_DOCS: Partial<Record<string, TranslatedRuleDoc>> = {
  OOM001: {
    summary: '评估代码在 autograd 记录计算图的情况下运行模型',
    whatItDoes: `检查在梯度记录开启时运行、而输出从未到达反向传播的前向传播。有两类证据。其一是评估代码：名字形如
\`evaluate\`、\`validate\`、\`test\`、\`predict\`、\`infer\`、\`generate\` 或 \`sample\` 的函数，遍历验证集或测试集 loader
的循环，\`model.eval()\` 之后的代码，以及在 \`__init__\` 中就把模型永久切到 eval
模式的类的方法。其二是输出的去向，与代码叫什么名字无关：规则沿着赋值、解包、算术运算、方法调用、输出被放进的列表和字典，以及同一文件内函数返回给调用方的值一路追踪；若某次前向传播的输出没有到达任何
\`backward()\`、\`torch.autograd.grad\` 或训练辅助函数，就报告它，例如训练循环里每 50
步在测试集上做的一次前向传播、只保存图片的采样辅助函数、训练结束后在模块顶层做的预测。经 \`.detach()\` 得到的副本不带计算图，所以输出只通过它到达反向传播的前向传播（把目标网络的输出当作固定目标、教师模型的 logits）同样会被报告。在会反向传播的函数中单独成句的前向传播（神经风格迁移里在 \`loss.backward()\` 之前的 \`model(input_img)\`，由钩子记录损失）属于训练，不是浪费；输出被交给某个对象、而该对象的方法会对它做反向传播的前向传播也是如此（另一个文件中的损失模块，其 \`forward\` 调用了 \`backward()\`：调用模块即运行它的 \`forward\`）。如果一个辅助函数把前向传播的输出同时交给训练和日志（在训练步之前为了 \`.item()\` 先调用一次
\`compute_loss(data)\`），或者文件中模型的某个方法返回这样的输出（\`samples = vae.generate(z)\` 只被存成图片），则在每个结果未被使用的调用处报告。另一个文件中的类的方法若按调用方的梯度模式运行其模型（\`trainer.predict(batch)\`、\`policy_net.get_action(state)\`），在调用处即算一次前向传播；除非该方法把输出留在自己内部，且对它的每次调用都在不训练的代码中开着梯度：那时报告的是该方法内部、它所在文件中的前向传播。只在自己的标志允许时才训练的函数（\`if train: loss.backward()\`），若在文件中以关闭该标志、开着梯度的方式被调用（\`run_epoch(val_loader, train=False)\`），在每一次这样的调用处报告：保护应加在那里，因为该函数在其他调用中要训练。文件中的函数（或只在 \`self\` 上调用的方法）若有的调用关闭梯度运行它、有的调用开着梯度运行它（每个 epoch 之后在 \`no_grad\` 下调用、每 200 步又不加保护地调用的辅助函数），在每一次开着梯度的调用处报告：作者正是在那里漏掉了保护。自身代码在
\`no_grad\` 之下运行模型的方法（内部带有 \`with torch.no_grad():\` 的 \`predict\`）在调用处不记录计算图；类从库的基类继承来的
\`predict\`、\`infer\`、\`inference\` 或 \`sample\` 是库的代码，项目中并没有：这两种情况都不报告。以下代码不报告：处于
\`torch.no_grad()\`、\`torch.inference_mode()\`、\`torch.set_grad_enabled(False)\`（包括通过 \`ExitStack\` 进入的）或
\`@torch.no_grad()\` 装饰器之下的代码，文件中所有调用方都在关闭梯度时调用的辅助函数，以及 Lightning
的评估钩子。离开文件可见范围的输出也不报告：从文件中没有任何地方调用的函数返回的输出、存到对象上的输出，或由作为值传给另一个函数的函数产生的输出。对模型输出调用 \`.numpy()\`
却没有先分离计算图的代码同样不报告：输出还在计算图中时 PyTorch
会拒绝这样做，所以这类代码一定是在关闭梯度的情况下运行的，只是保护措施在文件看不到的地方。代码本身或文件中每个调用方在运行前就冻结了的模型（对其参数调用 \`requires_grad_(False)\`：EMA 或教师副本不会记录计算图）也不报告；本文件或其他文件中的类，若其 \`__init__\` 默认就冻结全部参数（如 FID 用的 Inception），其实例同样不报告。只在代码自己构造的输入上运行一次的前向传播也不报告（\`__main__\` 中的冒烟测试、演示单元格、遍历源代码中写好的一张设置表做的形状检查，输入为 \`torch.randn(2, 3, 32, 32)\`、\`dataset[0]\` 或 loader 的第一个批次，即 \`next(iter(loader))\` 或 \`dataiter.next()\`，以及源代码中写出的句子或经 \`input()\` 输入的一行文字，补齐到模块级常量的长度）：它只持有一个小计算图，而导致显存耗尽的浪费是随数据增长的。自身没有参数的层（\`nn.Unfold\`、池化、激活函数）以及其他文件中普通类的实例（已编译推理引擎的包装）都不算模型。每个未受保护的函数或区域只报告一次，位置是它的第一次前向传播，或上面所说的调用处。`,
    whyIsThisBad: `\`model.eval()\` 只会把 dropout、batch norm 等层切换到推理时的行为，并不会停止
autograd。只要梯度模式开着，前向传播中的每个操作都会保存自己的输入和中间激活值，以备反向传播使用。评估时不会有反向传播，可只要由这些激活值算出的任何输出、损失或指标还被引用，它们就一直占着显存。结果是评估用掉的显存是应有的好几倍，训练时跑得好好的
batch size 到了验证阶段却报 CUDA out of memory。`,
    fixSafety: `只有在分析能证明被保护的代码不需要梯度时，添加 \`@torch.no_grad()\` 或把评估循环包进 \`with torch.no_grad():\`
才是安全的：它不调用 \`backward()\`、\`autograd.grad\`、优化器或缩放器的 \`step()\`、\`zero_grad()\` 或 \`requires_grad_()\`，无论是自己调用，还是经由它调用的本文件函数，或在按整个项目检查时经由其他文件的函数；它不会在运行模型之前把模型切到训练模式（测试时自适应、Monte Carlo dropout）；并且其中每次前向传播的输出都被追踪到了尽头：既没有到达反向传播，也没有离开文件可见的范围（存到对象上、返回给看不见的调用方、交给可能保存它的调用）。只要其中任何一点没有得到证明，修复就是不安全的；如果函数的返回值可能把计算图带给会对它做反向传播的调用方，给它加装饰器同样是不安全的：模型输出，或任何并非只由数字和已分离张量构成的值，除非所有调用都在本文件中且每次调用的结果都没有到达反向传播（例如信赖域更新中交给 \`autograd.grad\` 的 KL 项）。文件没有导入 torch 时会加上 \`import torch\`。如果是在同时做训练的代码里追踪到某个输出没有到达反向传播，修复只包裹这几条语句，并标为不安全：它要进入训练循环，落地之前值得看一眼。如果加上保护会暴露出循环中一直保存在 GPU 上的输出（OOM007 只在梯度关闭后才判断同时做训练的代码），第二个修复会一次完成整个修复：加上保护，并在 OOM007 随后会报告的每个输出上加 \`.cpu()\`，这些输出由 OOM007 自己的分析找出。只有保护和每一次移动按 OOM007 的规则都安全时，它才是安全的；除非它比单独的保护更不安全，否则它排在第一位；关闭 OOM007 时不提供它。在调用处报告时（函数只在某个标志下才训练，或其他调用已经加了保护的辅助函数），修复包裹被报告的那次调用，并标为不安全；如果同一条语句还运行着另一个要训练的调用（\`print(run_epoch(train_loader, optimizer), run_epoch(val_loader))\`），保护会连那次训练也停掉，因此不提供修复。`,
  },
  OOM002: {
    summary: '带着 autograd 计算图的张量被跨训练迭代保存',
    whatItDoes: `检查训练循环（调用了 \`backward()\` 或优化器 \`step()\` 的循环）中仍带有 autograd 计算图的张量（损失、模型输出、对它们做的算术运算结果）：它们被
append、extend 或赋值进一个在循环外创建、因而比单次迭代活得更久的列表或字典（也包括存在字典里的列表
\`history["loss"].append(loss)\`、日志记录中的张量、逐个键填写后被保留的每步字典 \`logs = {}; logs["loss"] = loss; history.append(logs)\`，以及用循环变量组成的
f-string 命名的槽位 \`by_step[f"loss_{step}"] = loss\`），或者被执行一个训练步的方法（调用 \`backward()\`，或是 Lightning 的
\`training_step\`）保存在 \`self\` 上。在从不训练的代码中（函数里没有 \`backward()\`
或优化器更新）遍历数据的循环同样算数：那里每个被保存的输出的计算图都白白留着。每次迭代都会重新创建的列表，以及为了之后的 \`backward()\` 而有意保留的列表（比如 REINFORCE
保存的对数概率），不会被报告。`,
    whyIsThisBad: `需要梯度的张量持有它的 \`grad_fn\`，并通过它持有产生它的那次迭代的计算图：图中的节点，以及各层为反向传播保存的激活值（直到某次反向传播释放它们）。存进一个跨迭代存活的列表，这一切就和列表活得一样久。如果没有反向传播来释放激活值（循环从不调用 \`backward()\`，或者像 GAN 判别器那一步那样用
\`retain_graph=True\` 调用它），每个被保存的张量都把它那次迭代的激活值留在 GPU 上，显存随每个批次增长：在一张 H200 上，对一个小型分割网络跑 40 次迭代，在
\`backward(retain_graph=True)\` 之后保存的损失占用了 10.4 GiB，而改存 \`loss.item()\` 只有 0.27 GiB。如果每个损失都执行了 \`backward()\`，激活值已经被释放：同一次测量中
\`losses.append(loss)\` 占用的显存并不比 \`loss.item()\` 多（每个损失 512 字节），而保存下来的输出无论是否分离，都在 GPU 上占用它自身的大小。这样的列表仍然留着的，是位于主机内存中的计算图节点，以及不会再有人经由它们做反向传播的张量。`,
    fixSafety: `在能证明保存的值是张量的地方，追加 \`.detach()\` 是安全的：它保留其值、类型和设备，只去掉没人用的计算图。分析无法证明它是张量时（值可能是 Python 数字、元组或字典），\`.detach()\` 可能抛出异常，修复是不安全的；列表被交给做训练的代码（其他文件的函数、看不出对它做反向传播的辅助函数）时也是如此，因为那些代码可能对其中的内容做反向传播。交给本文件中对它们做反向传播的辅助函数的列表不会被报告。改存 \`.item()\`（标量）或 \`.detach().cpu()\`（输出）是不安全的：保存的值的类型或设备会改变，之后读取这个列表的代码可能没有预料到。如果文件自己在别处就用 \`.item()\` 保存这类值（\`losses.append(loss.item())\`），代码表明该值是一个数（不带维度的归约、使用默认归约方式的 torch 损失，或代码对其调用过 \`.item()\` 的名字），并且这个列表只被显示（打印、写日志或格式化，经过 \`sum\`、\`len\` 和算术运算），\`.item()\` 就遵循文件的习惯，排在第一位且是安全的：程序保存的内容和据以做出的判断都不变，打印的是数本身而不是张量。如果保存的是一个指向由张量组成的字典或列表的名字（\`logs.append(loss_dict)\`），则不提供修复：其中每个张量都需要在构建字典的地方分离。`,
  },
  OOM003: {
    summary: '损失的累计值让每次迭代的 autograd 计算图一直存活',
    whatItDoes: `检查训练循环（调用了 \`backward()\` 或优化器 \`step()\` 的循环）中诸如 \`total_loss += loss\` 或 \`total = total + loss\`
这样的累计：被加上的值仍带有 autograd 计算图（在开启梯度时算出的损失或模型输出），而累计值跨迭代存活；或者在执行训练步的方法（调用 \`backward()\`）中累加到
\`self.running_loss\` 这类比每次调用都活得久的属性上。在从不训练的代码中（函数里没有 \`backward()\`
或优化器更新）遍历数据的循环同样算数：此时累计值把没人用的计算图串在一起。按损失项分别累计也算（在遍历各项的内层循环中写 \`totals[k] += loss_dict[k]\`、\`totals[k] = totals.get(k, 0) + v\`；当字典来自一次前向传播，或者来自任意调用而该训练步对各项之和做反向传播时，这些项带有计算图），保存在对象内部的累计值也算：\`losses.update(loss, n)\`，其中
\`update\` 是本文件中某个类（例如 AverageMeter）的方法，它把参数加到一个属性上（\`self.sum += val * n\`）；项目中其他文件的计量器同样按它自己的 \`update\` 判断（保存 \`val.detach().cpu()\` 的不保留计算图）。之后本身会被反向传播的累计值（梯度累积），以及单个训练步内部的求和（在内层循环中构建的多项损失）不会被报告；调用返回的不带计算图的值也不报告：本文件的函数，前向传播返回的元组中是 Python 数字的元素（\`loss, acc = model(x)\`，其中 \`forward\` 返回 \`loss, acc.item()\`，无论在本文件还是其他文件），或 \`__call__\` 返回 \`loss.item()\` 的对象（Annotated Transformer 中的 \`loss_compute(out, y, norm)\`，其中 \`loss_compute\` 是一个参数，它所在函数的每次调用都传入新建的 \`SimpleLossCompute\`）。`,
    whyIsThisBad: `把需要梯度的张量加到累计值上，累计值就变成一个需要梯度的张量，它的 \`grad_fn\`
指向本次迭代的损失，而损失又指向本次迭代的计算图。下一次迭代再往这个累计值上加，就把各次的计算图串成一条链；只要累计值还活着，链上的任何东西都无法释放。代价取决于反向传播是否已经释放了每张计算图保存的激活值。在从不调用
\`backward()\` 的循环中（没有 \`torch.no_grad()\` 的验证循环），每次迭代的激活值都留在 GPU 上：在一张 H200 上，这样一个遍历小型分割网络的循环在 40 次迭代后占用了 10.4 GiB，而改用
\`loss.item()\` 只有 0.26 GiB。在对每个损失都调用 \`backward()\` 的训练循环中，激活值已经被释放，这条链只留下位于主机内存中的计算图节点：同一次测量中，占用的显存并不比
\`loss.item()\` 多。PyTorch FAQ 在 CUDA 显存耗尽时要检查的事项里，把这样累积历史列为第一条，它举的例子是一个对每个损失都做反向传播的训练循环。下面的示例是代价高的情形：一个验证循环。`,
    fixSafety: `在能证明被加的值是张量的地方，给它追加 \`.detach()\` 是安全的：累计值保留其类型和设备，只去掉没人用的计算图。如果它可能是 Python 数字（辅助函数的返回值、损失字典中的一项），\`.detach()\` 可能抛出异常，修复是不安全的；累计值被交给做训练的代码时也是如此。追加 \`.item()\` 是不安全的：累计值会变成 Python
float（这通常正是本意，还能省掉每步一个 GPU 张量），但之后对它调用张量方法的代码会受影响。如果文件自己在别处就用 \`.item()\` 累计（\`running_loss += loss.item()\`），代码表明被加的值是一个数（不带维度的归约、使用默认归约方式的 torch 损失，或代码对其调用过 \`.item()\` 的名字），并且累计值只被显示（打印、写日志或格式化，经过算术运算和赋给它的名字），\`.item()\` 就遵循文件的习惯，排在第一位且是安全的：程序保存的内容和据以做出的判断都不变，打印的是以双精度累加的数本身，而不是张量。`,
  },
  OOM004: {
    summary: '按估计训练 batch 放不下 GPU，或达到或超过配置的上限',
    whatItDoes: `检查为训练提供数据、且 \`batch_size\` 达到或超过 \`max-batch-size\`（未配置时为 ${DEFAULT_SETTINGS.maxBatchSize}）的
\`torch.utils.data.DataLoader(...)\` 调用。batch size 可以是字面量、只赋值一次的常量、argparse
默认值（\`args.batch_size\`，也包括通过接收解析后参数的函数形参传入，如 \`main(parse_args())\`，或者当类的每个实例都用这些参数构建时通过 \`self.opt\`
传入）、函数形参的默认值或该函数所有调用处传入的同一个值、本文件中设置类的属性（\`CFG.batch_size\`、dataclass
字段的默认值）、从未修改过的字典字面量中的条目（\`hparams["batch_size"]\`）、\`**kwargs\` 字典中的条目，或者 \`a if torch.cuda.is_available() else b\`（取有
GPU 时的值；其他条件只在两个分支一致时才算）；它可以按关键字传入，也可以作为第二个位置参数传入。当 loader 的名字或数据集表明它用于训练（\`train_loader\`、\`MNIST(..., train=True)\`）、它会打乱数据、或者遍历它的循环调用了
\`backward()\` 或 \`step()\` 时，就算作训练用 loader；为验证或测试命名或构建的 loader，以及只在关闭梯度时被遍历的
loader，都不予理会。无法静态推算的大小不报告，被文件覆盖或从配置重新加载的 argparse 值也不报告。使用 \`DistributedSampler\` 时，batch size 是每个进程的，也就是每张
GPU 需要容纳的量。从不使用 GPU 的文件（没有 \`.cuda()\`、\`"cuda"\` 或 \`device\`）不检查。

已知目标 GPU 的显存时（\`[tool.oomlint]\` 中的 \`gpu-memory\`、编辑器中的 \`oomlint.targetGpuMemory\`，或者都未设置时编辑器状态栏读到的 GPU），训练 batch改按一个训练步的估计峰值显存来判断，而不是按上限，估计方法与 \`oomlint estimate\` 相同：传给优化器的模型的权重、梯度和优化器状态，在该batch size、精度和输入尺寸下为反向传播保存的激活值，batch 本身和反向传播的临时显存，再加上 CUDA 上下文和 10% 的分配器余量。训练步放不下时报告，并给出估计值和放得下的最大batch；放得下的 batch 无论多大都不报告。无法估计训练步时（oomlint 不认识的模型），按上限判断，并在消息中说明原因。`,
    whyIsThisBad: `训练时，前向传播要为反向传播保留每一层的激活值，这部分显存随 batch 线性增长。在一张卡上放得下的 batch
size，换到显存小一些的卡上就会溢出，而且错误要等到第一个完整批次（或序列最长的那个批次）到来时才出现。刚好塞满显存的 batch size
没有给分配器的碎片化或异常大的输入留余地，训练可能跑了几个小时才失败。把批次拆开、在多步上做梯度累积，可以用一小部分激活值显存得到几乎相同的参数更新。`,
    fixSafety: `修复会把 batch size 所来自的整数字面量（参数本身、常量或 argparse 默认值）不断减半，直到低于上限：在默认上限 512 下，1024 会变成
256。它是不安全的：它改变了实际的 batch，从而改变学习率调度、batch norm 统计量和训练结果，除非训练循环随后在与 batch 被拆分倍数相同的步数上做梯度累积（上例中为
4），就像上面的代码那样；修复不会添加这个循环。常量或 argparse 默认值可能还供给其他 loader。batch size 是计算得出时不提供修复。按估计判断时，修复把字面量设为放得下的最大 batch，并均分原 batch（放得下 96 时 256 变为 64），并让训练循环在保持有效 batch 所需的步数上累积梯度（此例为 4）：循环为 batch 计数（\`enumerate\`），\`backward()\` 之前把损失除以步数，优化器的 step（连同旁边的 scaler 更新、梯度裁剪和调度器的 step）以及 \`zero_grad()\` 每 4 个 batch 才执行一次。只有当 loader 只供给一个循环、循环中只有一个 \`backward()\` 且更新语句紧随其后连续出现时才这样做；否则只降低 batch，标题会说明梯度累积需自行添加。出于同样的原因它是不安全的，另外一个 epoch 末尾不完整的一组 batch 会带入下一个 epoch。`,
  },
  OOM005: {
    summary: 'DataLoader 在启用锁页内存的同时运行大量工作进程',
    whatItDoes: `检查同时传入 \`pin_memory=True\` 和达到或超过 \`max-pinned-workers\`（未配置时为
${DEFAULT_SETTINGS.maxPinnedWorkers}）的 \`num_workers\` 的 \`torch.utils.data.DataLoader(...)\`
调用。两个值都可以是字面量、只赋值一次的常量、argparse 默认值（也包括通过 \`main(parse_args())\` 传入，或者当类的每个实例都用解析后的参数构建时通过 \`self.opt\`
传入）、默认值和所有调用处（本文件以及项目中其他文件的调用处：\`train.py\` 中的 \`get_loader(num_workers=4)\` 意味着 \`get_loader\` 的默认值从未被使用）都给出同一个数的函数形参、设置类的属性（\`CFG.num_workers\`）、未被修改的字典字面量中的条目、\`**kwargs\` 字典中的条目，或者 \`a if torch.cuda.is_available() else b\`（取有
GPU 时的值；其他条件只在两个分支一致时才算），以同样方式选出的 \`**kwargs\` 字典也算（\`{"num_workers": 8, "pin_memory": True} if use_cuda else {}\`）；\`pin_memory\`
为 \`torch.cuda.is_available()\` 时也视为开启。没有开启 \`pin_memory\` 的 loader，以及工作进程数无法静态推算的 loader，不会被报告。`,
    whyIsThisBad: `设置 \`pin_memory=True\` 后，训练进程中的一个线程会把工作进程产出的每个批次复制到锁页（pinned）主机内存中，以便向 GPU
的拷贝可以异步进行。每个工作进程会同时保有 \`prefetch_factor\` 个在途批次，所以锁页内存的占用随工作进程数增长，而且 CUDA
的主机端分配器会缓存锁页内存块而不是归还。锁页内存不能被换出到交换区；它通过 CUDA 驱动分配，所以不够用时，即使 GPU 还有空间，pin-memory 线程也会报 \`CUDA error: out of memory\`；在分布式训练下，机器上的每个进程还会各自锁定自己的一份。工作进程超过几个之后，再增加很少能加快数据加载，却会让这部分内存成倍增长。`,
    fixSafety: `两种修复都是不安全的。把 \`num_workers\` 降到 4（若 \`max-pinned-workers\` 更低，则降到它以下），修改发生在该值被设定的地方（参数、常量或
argparse 默认值），当解码开销较大时可能拖慢数据加载；常量或默认值可能还供给其他 loader。在调用处设置 \`pin_memory=False\` 会让每次主机到设备的拷贝变成同步的，可能拖慢每一步。`,
  },
  OOM006: {
    summary: '循环中的 `retain_graph=True` 让每次迭代的计算图白白存活',
    whatItDoes: `检查循环中的 \`X.backward(retain_graph=True)\`、\`torch.autograd.backward(..., retain_graph=True)\`
和 \`torch.autograd.grad(..., retain_graph=True)\`：同一迭代中之后再没有反向传播，且被求导的值是在该迭代中构建的（由循环体中调用的前向传播或损失辅助函数产生）。以下情况不报告：迭代中后面还有一次反向传播的调用（对共享计算图反向传播两次的
GAN），带 \`create_graph=True\` 的调用（高阶梯度、梯度惩罚），\`retain_graph\` 以变量传入的调用，在循环之前构建、每次迭代都重新求导的计算图（按任务计算梯度、逐行计算
Jacobian），以及循环只是偶尔才分离的跨迭代状态（截断的随时间反向传播）。Lightning 的 \`self.manual_backward(loss, retain_graph=True)\` 和
\`accelerator.backward(loss, retain_graph=True)\` 也算作反向传播调用。`,
    whyIsThisBad: `反向传播通常会在用完每个操作保存的激活值之后立即释放它们。\`retain_graph=True\`
会把这些激活值连同计算图本身都留下来，只要该迭代的任何张量（损失、输出）还被引用就一直存在。在循环中，这些张量要等下一次前向传播结束后才会被替换，所以那次前向传播运行时，上一次迭代保存的激活值仍然占着显存：它们在显存峰值中所占的份额翻了一倍。这个参数还常被用来压掉
"Trying to backward through the graph a second time" 报错，而此时往往是 RNN
隐藏状态这类状态从一次迭代流入下一次。于是每次迭代的计算图都挂在这个状态上，显存随每一步增长，直到 CUDA 显存耗尽（或者，一旦优化器原地更新了权重，反向传播就会因原地修改错误而失败）。`,
    fixSafety: `移除 \`retain_graph=True\`
是不安全的。如果之后没有代码对同一张计算图再求导，梯度不变，显存下降。如果跨迭代传递的状态仍然把各次迭代连在一起（没有分离的隐藏状态），下一次反向传播就会报 "Trying to backward through the
graph a second time"：此时应在每次迭代开始时分离该状态（\`hidden = hidden.detach()\`），而不是保留所有计算图。这种情况下修复是仅显示的：它展示移除的改动，但把在哪里分离留给你。如果别处（之后调用的某个函数中）的反向传播复用了这张计算图，也会以同样的方式失败。`,
  },
  OOM007: {
    summary: '评估循环把仍在 GPU 上的模型输出收集到列表中',
    whatItDoes: `检查遍历数据的循环（DataLoader、数据集、用 \`next\`
取出的批次、按索引从张量中切出批次的计数循环）和采样循环（每一步把模型上一步的输出再喂回去，去噪循环就是这样），看模型输出是否在每次迭代中都被加入一个在循环前创建的列表，且此时仍在 GPU
上；前提是前向传播在关闭梯度时运行（\`torch.no_grad()\`、\`torch.inference_mode()\`
等，也包括通过本文件中应用它们的装饰器或受保护的调用方），或者在开启梯度但从不训练的代码中运行（函数里没有 \`backward()\`
或优化器更新，输出也没有返回给做训练的调用方）：这样的输出还带着计算图，此时修复会存
\`.detach().cpu()\`。输出指前向传播的结果以及从中读出的内容（\`out[0]\`、\`out.logits\`、\`out.softmax(1)\`、\`torch.sigmoid(out)\`、\`F.normalize(features)\`），可以直接使用、经由变量、或经由本文件中返回它的辅助函数（\`img = self.p_sample(img, t)\`）；加入的方式可以是拼接到一个随每个批次增长的张量上（\`preds = torch.cat((preds, out))\`，从空张量开始），用
\`append\`、\`extend\` 或 \`+= [...]\` 添加，或者以循环自身的目标变量为键（原样或格式化后）存入一个在循环前创建的空字典（\`for i, (x, y) in enumerate(loader)\`
中的 \`outputs[i] = out\`、\`outputs[f"{i}_flip"]\`；但不包括对它们做的算术，如 \`i % 2\`，这样的键会反复出现）。以下情况不报告：已经用
\`.cpu()\`、\`.numpy()\`、\`.tolist()\`、\`.item()\` 或 \`.to("cpu")\` 移走的值；在循环内重新创建、清空或弹出元素的列表；只在部分迭代中添加（\`if i == 0:\`）；循环次数由数据以外的东西决定（集成模型成员、数据增强、解码步、对同一批次的重复前向传播）；以及从不使用
GPU 的文件。每个批次体积很小的值被有意排除：损失、归约（\`out.mean()\`、\`out.sum(1)\`；对特征的归约如 \`hidden_states.mean(dim=1)\`
仍然算）、比较结果，以及来自 \`argmax\`、\`max\`、\`topk\` 或 \`multinomial\`
的类别索引。它们同样会在设备上堆积，但每个样本几个数很少会把显存耗尽，而把每个指标都报出来会淹没真正有问题的输出。`,
    whyIsThisBad: `列表中的每个张量在列表存活期间一直占着它的 CUDA
显存。logits、概率和特征的大小是批次大小乘以输出大小，所以在整个验证集或测试集上收集它们，会让显存随数据集的大小增长，叠加在模型和当前批次之上，直到评估在快结束时 CUDA 显存耗尽。\`out[0]\`
这样的切片和视图会让整个输出保持存活。把每个批次的结果移到 CPU 上，能让 GPU 显存保持平稳，结果放在主机内存里，而计算指标和 NumPy 本来也需要它们在那里。拷贝是有代价的：每次拷贝都要等 GPU。在 H200
上，对 200 个批次、21 类、128x128 的 logits 做评估，输出留在 GPU 上时峰值为 9.42 GiB，用 \`.detach().cpu()\` 时为 0.28 GiB，但耗时 10.8 s
而不是 0.4 s。如果只需要预测结果或指标，保存 \`logits.argmax(dim=1)\` 或该批次的指标，占用会小得多。`,
    fixSafety: `当之后对该列表的每次读取在 CPU 张量上同样可行时，给存入的值追加 \`.cpu()\` 是安全的：列表用 \`torch.cat\`/\`torch.stack\` 拼接后再用
\`.cpu()\`、\`.numpy()\` 或 \`.tolist()\` 移走，交给 NumPy、SciPy、pandas 或 scikit-learn，或者只用 \`len\`
量一下长度。否则修复是不安全的：把收集到的输出与 GPU 张量（例如留在设备上的标签）放在一起运算的代码会因设备不一致而失败，而保存在 \`self\` 上或被返回的列表可能在任何地方被读取。在采样循环中（每一步都把模型的输出再送回输入）修复也是不安全的：每一步的拷贝都要等待 GPU，每步一次同步会拖慢采样，需要与它节省的显存相权衡。开启梯度时，修复会存
\`.detach().cpu()\`：值相同，只是没有了没人做反向传播的计算图。`,
  },
  OOM008: {
    summary: '循环状态在下一个批次被喂回模型却没有 `.detach()`，把每个批次的计算图串在一起',
    whatItDoes: `检查训练循环（循环体直接或通过同一文件中的辅助函数调用了 \`backward()\` 的循环）中，由前向传播返回、又被下一次迭代的前向传播接收回去的循环状态：\`output, hidden = model(data, hidden)\`
或 \`out, (h, c) = lstm(x, (h, c))\`，且循环内对该状态的每次赋值都是这样的前向传播。以下情况不报告：循环会重置的状态（\`hidden = model.init_hidden(bsz)\`、\`hidden = None\`）；在循环中任意位置被分离的状态（\`hidden = hidden.detach()\`、\`hidden = repackage_hidden(hidden)\`、\`hidden.detach_()\`，或对它调用某个辅助函数）或以其他方式重新绑定的状态；在
\`torch.no_grad()\` 或 \`torch.inference_mode()\`
下传递的状态（采样、生成）；没有反向传播的循环，例如遍历一条序列各时间步、结束后只做一次反向传播的循环；以及传入模型但没有用其输出重新赋值的状态。`,
    whyIsThisBad: `循环模型返回的状态带着产生它的那个批次的 autograd 计算图。把它喂进下一个批次的前向传播，就把那个批次的计算图连到了上一个，如此一直连回 epoch
的开头：随时间反向传播不再在批次边界处被截断。第一次 \`backward()\` 会释放它那张计算图中保存的激活值，于是第二次反向传播走回那张已释放的计算图时，会报 "Trying to backward
through the graph a second time"。压掉这个报错的常见做法 \`retain_graph=True\`
会把每个批次的计算图和激活值都挂在状态上：显存每步增长一个批次的激活值，每次反向传播都要走完整段历史。若优化器原地更新权重，下一次反向传播会改为在权重的版本检查上失败；若通过 autograd 看不到的
\`.data\` 更新权重，它会一直跑到 CUDA 显存耗尽。在每次迭代开始时分离状态，能保留它的值（模型仍能看到上一个批次的上下文），同时丢掉它的历史。`,
    fixSafety: `当状态一开始是循环前创建的张量（\`torch.zeros(...)\`）时，修复会在接收回状态的那次前向传播之前（或在运行它的时间步内层循环之前），也就是状态一定已定义的位置，插入
\`hidden = hidden.detach()\`。其他情况下（LSTM 的 \`(h, c)\` 元组、\`None\`、任一种
\`model.init_hidden()\`），若状态来自某个调用，修复会调用文件中自己的 \`repackage_hidden\` 式辅助函数，否则添加一个 \`detach_state\`
辅助函数，它分离元组、列表和字典中的张量，并保持 \`None\` 不变；每个文件只添加一次，放在模块层级、紧挨着第一个使用它的函数、类或循环之前。当循环中没有任何反向传播传入 \`retain_graph\`
时，修复是安全的：这样的代码会在第二次反向传播时失败，而修复后它以相同的值运行。若带有
\`retain_graph=True\`，代码可能能运行，并对之前的每个批次做反向传播；分离会改变这些梯度（变成截断的而非完整的随时间反向传播），所以此时修复是不安全的。`,
  },
  OOM009: {
    summary: '检查点被加载到保存它时所在的 GPU 上，或在整个训练期间一直留在 GPU 上',
    whatItDoes: `检查使用 GPU 的项目（本文件或经由导入与它相连的文件中有 \`.cuda()\`、\`"cuda"\`
设备字符串、\`DataParallel\`/\`DistributedDataParallel\`、\`torch.cuda.set_device\` 或 \`torch.accelerator\`）中结果是
state dict 的 \`torch.load(...)\`
调用：其结果直接（\`model.load_state_dict(torch.load(path))\`）、经由它被赋给的名字，或经由它的某一部分（\`ckpt["model"]\`、\`ckpt.get("state_dict")\`、被赋为这样一部分的名字、复制了其条目的字典）到达
\`load_state_dict(...)\` 调用，或由循环把每个条目复制进模型自己的张量（\`own[name].copy_(param)\`），也包括经由本文件中把参数交给这种调用的函数（\`load_weights(net, torch.load(path))\`），或由函数返回给本文件中这样做的调用方。它报告两种情况：

- 加载时没有给出 \`map_location\`，于是每个张量都回到保存时所在的设备，并且它读取的文件可能是本项目写出的（项目任一文件中的
  \`torch.save\`，或 \`shutil.copyfile(path, "model_best.pth")\` 这样的复制）：路径由参数或配置拼出（\`args.resume\`），或者它的字面词与某个写出路径相同（\`checkpoint_best\`
  与 \`checkpoint_{epoch}.pth\`）。不写出任何检查点的项目，或没有任何写出路径拼出的字面文件名（\`"weights/resnet50_imagenet.pth"\`
  这样），加载的是发布的权重，其保存所在的机器代码无从得知。从不把任何东西移到 GPU 上的文件，在保存它自己构建的模型或优化器时写出的是 CPU 张量（教程里的 \`model_save.py\`）：它的路径不算；
- 加载把张量放到了 GPU 上（没有 \`map_location\`，或其值解析为 \`"cuda..."\`
  设备），并且在同一函数或模块中稍后开始训练循环（有反向传播或优化器更新的循环，也包括经由本文件辅助函数的）时，持有检查点（或从中取出的 state dict）的名字仍然存活：既没有
  \`del\`，也没有赋予新值，比如 \`checkpoint = None\`。

以下情况不算：GradScaler 或学习率调度器的
\`load_state_dict\`（只是些普通数字）；加载到另一个对象的某一部分中（\`ssd_net.vgg.load_state_dict(...)\`：用公开发布的预训练权重初始化
backbone，这些权重通常是从 CPU 保存的；\`model.module\` 和 \`self.model\` 仍然算）；加载到 torch2trt 的 \`TRTModule\`
中，它的状态是序列化的推理引擎。以下情况不报告：以任何形式给出了 \`map_location\` 的加载（关键字参数、第二个位置参数、lambda、字典）；传入了 \`*args\` 或 \`**kwargs\`
的加载（其中可能带着它）；结果是整个被 pickle 的模型或数据而不是 state dict 的加载；从不使用 GPU 的项目；所保存的每个 state dict 都取自先移到 CPU 的模型的文件（在
\`torch.save(model.state_dict(), path)\` 之前先 \`model.eval().cpu()\`：它们加载回来的是 CPU 张量）；以及测试模块（pytest 或 unittest
文件，它们只会来回保存和加载 CPU 上的小模型）。位于 \`with torch.device("cpu"):\` 中的加载不予理会：代码已经说明了它想把张量放在哪里（\`map_location\`
会确保这一点）。\`torch.jit.load\` 加载的是脚本化的模块，而不是要复制的 state dict，因此不检查。被返回、存到别处或交给辅助函数的检查点不会被报告为一直存活：它的存活时间由其所有者决定。`,
    whyIsThisBad: `\`torch.load\` 先把每个存储读进主机内存，然后把它移到保存时记录的设备上。因此从 \`cuda:0\` 保存的检查点会被完整地（权重、优化器动量、buffer）重建在
GPU 0 上，然后 \`load_state_dict\` 才把它复制进模型自己的参数：在加载期间，GPU 上同时放着模型和检查点，而使用 Adam 时检查点的大小约为权重的三倍。在多 GPU 训练中，每个进程都在
GPU 0 上这样做，于是 GPU 0 显存耗尽（或者每个进程都在它上面留下一个 context 和一份副本），而其他 GPU
却闲着。如果加载得到的字典被保存在一个贯穿整个训练循环的变量里，这份副本就永远不会消失：训练可用的显存比应有的少了一个检查点的大小。`,
    fixSafety: `当从检查点读出的所有内容都交给 \`load_state_dict\`（或只用 \`in\` 检查）时，添加 \`map_location="cpu"\`
是安全的：\`Module.load_state_dict\` 会把每个张量复制到参数自己所在的设备上，\`Optimizer.load_state_dict\`
会把它的状态移到参数所在的设备上，所以模型经由主机内存最终仍在原来的位置。当从检查点中读取了其他值（某个指标张量、整个模块）时，修复是不安全的，因为这些值会留在 CPU 上，而代码可能期望它们在 GPU
上。参数加在最后一个参数之后，因此位置参数和关键字参数、末尾的逗号以及跨多行的调用都保持有效。在持有检查点的名字最后一次使用之后删除它们（\`del checkpoint\`）是不安全的：循环之后的代码，或本分析看不到的代码，可能仍然需要它们；只有当每次使用和每个名字都位于加载所在的代码块中、且在循环之前时，才会提供这个修复。`,
  },
  OOM010: {
    summary: '分布式训练在每个进程中都把张量放到默认 GPU（GPU 0）上',
    whatItDoes: `在自己启动分布式训练的文件中（有 \`init_process_group\`、\`DistributedDataParallel\`
包装、\`torch.multiprocessing.spawn\`，或读取 torchrun 设置的 \`LOCAL_RANK\`），检查在任何 \`torch.cuda.set_device(...)\`
之前运行的不带参数的 \`.cuda()\`、\`.to("cuda")\`（也包括 \`.to(device="cuda")\`）、传入 \`device="cuda"\` 的 torch
函数（\`torch.empty(1, device="cuda")\`）以及不带序号的 \`torch.device("cuda")\`。规则沿着调用之前该函数的代码（任何更早分支中的 \`set_device\`
都算）、在那里调用的本文件辅助函数、\`with torch.cuda.device(...)\` 块，以及该函数的调用方在调用之前的代码追踪路径；路径从模块顶层或由 \`spawn\` 或
\`Process(target=...)\`
启动的函数开始。文件中没有被调用的函数（因此可能在别处完成初始化之后才被调用），以及在这段代码之前调用的、名字像初始化的其他文件的辅助函数（\`init_distributed_mode(args)\`、\`setup(rank)\`），会结束搜索且不报告。以下情况不报告：带序号的设备（\`.cuda(local_rank)\`、\`"cuda:1"\`、\`torch.device("cuda", rank)\`），存放在变量中的设备（\`.to(device)\`），使用
Accelerate、Lightning、DeepSpeed 或类似库的文件（这些库会设置设备），以及自己设置 \`CUDA_VISIBLE_DEVICES\` 的文件（此时每个进程都把自己的 GPU 看作 GPU
0）。如果某个 \`if\` 的另一个分支启动了分布式训练（\`if distributed:\` 中用 \`DistributedDataParallel\` 包装，\`else: model = nn.DataParallel(model).cuda()\`），那么这个分支中的调用也不报告：它只在单个进程中运行。`,
    whyIsThisBad: `分布式训练中的每个进程都能看到机器上的所有 GPU，在调用 \`torch.cuda.set_device\` 之前，每个进程的当前设备都是 GPU 0。不带序号的
\`"cuda"\` 表示当前设备，所以每个进程都会在 GPU 0 上创建一个 CUDA context（每个几百 MB），并把自己的模型、优化器状态和批次放在那里。有八个进程时，GPU 0 上有八个 context
和最多八份模型副本，最终显存耗尽，而其他 GPU 各只放了一份；或者 \`DistributedDataParallel\` 会因为模块不在该进程自己的设备上而失败。`,
    fixSafety: `该修复是不安全的。它使用文件中已有的 local rank 名字，并且只有当调用处恰好能看到一个这样的名字时才提供（\`local_rank\`、从 \`LOCAL_RANK\`
读出的名字，或由 \`spawn\` 启动的函数的第一个参数）：\`.cuda()\` 变成 \`.cuda(local_rank)\`，\`torch.device("cuda")\` 变成
\`torch.device("cuda", local_rank)\`，\`.to(...)\` 或 \`device=\` 中的 \`"cuda"\` 变成
\`f"cuda:{local_rank}"\`。在多台机器上，进程序号可能并不是 local rank，而文件中其他不带序号的 \`"cuda"\` 设备保持不变；在开头调用一次
\`torch.cuda.set_device(local_rank)\` 往往是更好的改法。`,
  },
  OOM011: {
    summary: '每个训练步都调用 `torch.cuda.empty_cache()`，释放不了任何存活的张量，还拖慢每一步',
    whatItDoes: `检查在每个训练步都会运行的 \`torch.cuda.empty_cache()\`：位于其自身迭代调用了 \`backward()\` 或优化器 \`step()\`
的循环中（直接调用或通过同一文件中的辅助函数），或位于每个批次都会调用的钩子中，如 Lightning 的 \`training_step\` 和 \`on_train_batch_end\`，或 Trainer 回调的
\`on_step_end\`。以下情况不报告：只是偶尔调用（\`if step % 100 == 0\`，或由 \`if args.empty_cache\` 之类的选项控制）；位于 \`except\` 或
\`finally\` 块中的调用（从显存不足错误中恢复）；在批次循环外层的循环中每个 epoch 调用一次；以及评估循环：它们每个 epoch 只跑一次，通常在 \`torch.no_grad()\`
之下，在尺寸差别很大的输入之间或加载另一个模型之前释放缓存，可能是划算的。有些训练代码也是有意每步都调用：输入尺寸每步都变的稀疏卷积训练，或由 PyTorch 之外的分配器占用的内存（MinkowskiEngine
的作者就建议为此调用它）。因此该规则默认关闭。`,
    whyIsThisBad: `\`empty_cache()\` 只会把 PyTorch
缓存分配器持有、但没有任何张量在用的内存块交还给驱动。它无法释放仍被引用的张量，所以泄漏（逐步增长的显存）原样不变。它在每一步都有代价：它要等 GPU 完成排队中的工作，而下一步的前向传播必须用
\`cudaMalloc\` 从驱动那里重新要回被释放的显存，而不是复用缓存的内存块。在一张 H200 上，在一个小型训练循环的每一步都调用它，使分配器每步调用 \`cudaMalloc\` 约 20 次（不调用时为 0 次），每一步慢了约 4%，而预留内存（reserved）的峰值一点也没有降低。训练中增长的显存来自被保持存活的张量：带着没有反向传播来释放的计算图被保存或累加的损失或输出（OOM002、OOM003），保留在 GPU 上的输出（OOM007），被保留的计算图（\`retain_graph=True\`，OOM006），或通过跨批次传递的状态串起来的计算图（OOM008）。`,
    fixSafety: `修复（移除该调用）是仅显示的：它从不改变结果，但如果有其他进程共用这张 GPU，或输入尺寸差别很大导致显存碎片化，这个调用可能是有意为之。改为每个 epoch
调用一次，或每几百步调用一次，能以很小的代价保留大部分好处。`,
  },
};
