import torch
import torch.nn as nn
import math
from torch.autograd import Variable

__all__ = ['resnext']

def depBatchNorm2d(exists, *kargs, **kwargs):
    if exists:
        return nn.BatchNorm2d(*kargs, **kwargs)
    else:
        return lambda x: x


def conv3x3(in_planes, out_planes, stride=1, bias=False):
    "3x3 convolution with padding"
    return nn.Conv2d(in_planes, out_planes, kernel_size=3, stride=stride,
                     padding=1, bias=bias)


def init_model(model):
    for m in model.modules():
        if isinstance(m, nn.Conv2d):
            n = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
            m.weight.data.normal_(0, math.sqrt(2. / n))
        elif isinstance(m, nn.BatchNorm2d):
            m.weight.data.fill_(1)
            m.bias.data.zero_()


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None,
                 batch_norm=True):
        super(BasicBlock, self).__init__()
        self.conv1 = conv3x3(inplanes, planes, stride, bias=not batch_norm)
        self.bn1 = depBatchNorm2d(batch_norm, planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = conv3x3(planes, planes, bias=not batch_norm)
        self.bn2 = depBatchNorm2d(batch_norm, planes)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        residual = x

        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)

        out = self.conv2(out)
        out = self.bn2(out)

        if self.downsample is not None:
            residual = self.downsample(x)

        out += residual
        out = self.relu(out)

        return out


class Bottleneck(nn.Module):
    expansion = 2

    def __init__(self, inplanes, planes, stride=1, downsample=None, batch_norm=True):
        super(Bottleneck, self).__init__()
        self.conv1 = nn.Conv2d(
            inplanes, planes, kernel_size=1, bias=not batch_norm)
        self.bn1 = depBatchNorm2d(batch_norm, planes)
        self.conv2 = nn.Conv2d(planes, planes, kernel_size=3, stride=stride,
                               padding=1, bias=not batch_norm, groups=32)
        self.bn2 = depBatchNorm2d(batch_norm, planes)
        self.conv3 = nn.Conv2d(
            planes, planes * 2, kernel_size=1, bias=not batch_norm)
        self.bn3 = depBatchNorm2d(batch_norm, planes * 2)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        residual = x

        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)

        out = self.conv2(out)
        out = self.bn2(out)
        out = self.relu(out)

        out = self.conv3(out)
        out = self.bn3(out)

        if self.downsample is not None:
            residual = self.downsample(x)

        out += residual
        out = self.relu(out)

        return out


class PlainDownSample(nn.Module):

    def __init__(self, input_dims, output_dims, stride):
        super(PlainDownSample, self).__init__()
        self.input_dims = input_dims
        self.output_dims = output_dims
        self.stride = stride
        self.downsample = nn.AvgPool2d(stride)
        self.zero = Variable(torch.Tensor(1,1,1,1).cuda(), requires_grad=False)

    def forward(self, inputs):
        ds = self.downsample(inputs)
        zeros_size = [ds.size(0), self.output_dims -
                      ds.size(1), ds.size(2), ds.size(3)]
        return torch.cat([ds, self.zero.expand(*zeros_size)], 1)


class ResNeXt(nn.Module):

    def __init__(self, shortcut='B'):
        super(ResNeXt, self).__init__()
        self.shortcut = shortcut

    def _make_layer(self, block, planes, blocks, stride=1,
                    batch_norm=True):
        downsample = None
        if self.shortcut == 'C' or \
                self.shortcut == 'B' and \
                (stride != 1 or self.inplanes != planes * block.expansion):
            downsample = [nn.Conv2d(self.inplanes, planes * block.expansion,
                                    kernel_size=1, stride=stride, bias=not batch_norm)]
            if batch_norm:
                downsample.append(nn.BatchNorm2d(planes * block.expansion))
            downsample = nn.Sequential(*downsample)
        else:
            downsample = PlainDownSample(
                self.inplanes, planes * block.expansion, stride)

        layers = []
        layers.append(block(self.inplanes, planes,
                            stride, downsample, batch_norm))
        self.inplanes = planes * block.expansion
        for i in range(1, blocks):
            layers.append(block(self.inplanes, planes, batch_norm=batch_norm))

        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.conv1(x)
        x = self.bn1(x)
        x = self.relu(x)
        x = self.maxpool(x)

        x = self.layer1(x)
        x = self.layer2(x)
        x = self.layer3(x)
        x = self.layer4(x)

        x = self.avgpool(x)
        x = x.view(x.size(0), -1)
        x = self.fc(x)

        return x


class ResNeXt_imagenet(ResNeXt):

    def __init__(self, num_classes=1000,
                 block=Bottleneck, layers=[3, 4, 23, 3], batch_norm=True, shortcut='B'):
        super(ResNeXt_imagenet, self).__init__(shortcut=shortcut)
        self.inplanes = 64
        self.conv1 = nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3,
                               bias=not batch_norm)
        self.bn1 = depBatchNorm2d(batch_norm, 64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.layer1 = self._make_layer(block, 128, layers[0],
                                       batch_norm=batch_norm)
        self.layer2 = self._make_layer(block, 256, layers[1], stride=2,
                                       batch_norm=batch_norm)
        self.layer3 = self._make_layer(block, 512, layers[2], stride=2,
                                       batch_norm=batch_norm)
        self.layer4 = self._make_layer(block, 1024, layers[3], stride=2,
                                       batch_norm=batch_norm)
        self.avgpool = nn.AvgPool2d(7)
        self.fc = nn.Linear(1024 * block.expansion, num_classes)

        init_model(self)
        self.regime = [
            {'epoch': 0, 'optimizer': 'SGD', 'lr': 1e-1,
             'weight_decay': 1e-4, 'momentum': 0.9},
            {'epoch': 30, 'lr': 1e-2},
            {'epoch': 60, 'lr': 1e-3, 'weight_decay': 0},
            {'epoch': 90, 'lr': 1e-4}
        ]


class ResNeXt_cifar10(ResNeXt):

    def __init__(self, num_classes=10,
                 block=BasicBlock, depth=18, batch_norm=True):
        super(ResNeXt_cifar10, self).__init__()
        self.inplanes = 16
        n = int((depth - 2) / 6)
        self.conv1 = nn.Conv2d(3, 16, kernel_size=3, stride=1, padding=1,
                               bias=not batch_norm)
        self.bn1 = depBatchNorm2d(batch_norm, 16)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = lambda x: x
        self.layer1 = self._make_layer(block, 16, n,
                                       batch_norm=not batch_norm)
        self.layer2 = self._make_layer(block, 32, n, stride=2,
                                       batch_norm=not batch_norm)
        self.layer3 = self._make_layer(block, 64, n, stride=2,
                                       batch_norm=not batch_norm)
        self.layer4 = lambda x: x
        self.avgpool = nn.AvgPool2d(8)
        self.fc = nn.Linear(64, num_classes)

        init_model(self)
        self.regime = [
            {'epoch': 0, 'optimizer': 'SGD', 'lr': 1e-1,
             'weight_decay': 1e-4, 'momentum': 0.9},
            {'epoch': 81, 'lr': 1e-2},
            {'epoch': 122, 'lr': 1e-3, 'weight_decay': 0},
            {'epoch': 164, 'lr': 1e-4}
        ]


def resnext(**kwargs):
    num_classes, depth, dataset, batch_norm, shortcut = map(
        kwargs.get, ['num_classes', 'depth', 'dataset', 'batch_norm', 'shortcut'])
    dataset = dataset or 'imagenet'
    shortcut = shortcut or 'B'
    if batch_norm is None:
        batch_norm = True
    if dataset == 'imagenet':
        num_classes = num_classes or 1000
        depth = depth or 50
        if depth == 18:
            return ResNeXt_imagenet(num_classes=num_classes,
                                   block=BasicBlock, layers=[2, 2, 2, 2],
                                   batch_norm=batch_norm, shortcut=shortcut)
        if depth == 34:
            return ResNeXt_imagenet(num_classes=num_classes,
                                   block=BasicBlock, layers=[3, 4, 6, 3],
                                   batch_norm=batch_norm, shortcut=shortcut)
        if depth == 50:
            return ResNeXt_imagenet(num_classes=num_classes,
                                   block=Bottleneck, layers=[3, 4, 6, 3],
                                   batch_norm=batch_norm, shortcut=shortcut)
        if depth == 101:
            return ResNeXt_imagenet(num_classes=num_classes,
                                   block=Bottleneck, layers=[3, 4, 23, 3],
                                   batch_norm=batch_norm, shortcut=shortcut)
        if depth == 152:
            return ResNeXt_imagenet(num_classes=num_classes,
                                   block=Bottleneck, layers=[3, 8, 36, 3],
                                   batch_norm=batch_norm, shortcut=shortcut)

    elif dataset == 'cifar10':
        num_classes = num_classes or 10
        depth = depth or 56
        return ResNeXt_cifar10(num_classes=num_classes,
                              block=BasicBlock, depth=depth, batch_norm=batch_norm)
