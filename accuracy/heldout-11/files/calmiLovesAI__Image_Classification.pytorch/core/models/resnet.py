import warnings

import torch
import torch.nn as nn
from typing import Callable, List, Optional, Type, Union
from torch import Tensor
from torchvision import models

from core.models.weights import ResNet_Weights
from core.utils import load_state_dict_from_url


def conv3x3(in_planes: int, out_planes: int, stride: int = 1, groups: int = 1, dilation: int = 1) -> nn.Conv2d:
    """3x3 convolution with padding"""
    return nn.Conv2d(
        in_planes,
        out_planes,
        kernel_size=3,
        stride=stride,
        padding=dilation,
        groups=groups,
        bias=False,
        dilation=dilation,
    )


def conv1x1(in_planes: int, out_planes: int, stride: int = 1) -> nn.Conv2d:
    """1x1 convolution"""
    return nn.Conv2d(in_planes, out_planes, kernel_size=1, stride=stride, bias=False)


class BasicBlock(nn.Module):
    expansion: int = 1

    def __init__(
            self,
            inplanes: int,
            planes: int,
            stride: int = 1,
            downsample: Optional[nn.Module] = None,
            groups: int = 1,
            base_width: int = 64,
            dilation: int = 1,
            norm_layer: Optional[Callable[..., nn.Module]] = None,
    ) -> None:
        super().__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        if groups != 1 or base_width != 64:
            raise ValueError("BasicBlock only supports groups=1 and base_width=64")
        if dilation > 1:
            raise NotImplementedError("Dilation > 1 not supported in BasicBlock")
        # Both self.conv1 and self.downsample layers downsample the input when stride != 1
        self.conv1 = conv3x3(inplanes, planes, stride)
        self.bn1 = norm_layer(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = conv3x3(planes, planes)
        self.bn2 = norm_layer(planes)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x: Tensor) -> Tensor:
        identity = x

        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)

        out = self.conv2(out)
        out = self.bn2(out)

        if self.downsample is not None:
            identity = self.downsample(x)

        out += identity
        out = self.relu(out)

        return out


class Bottleneck(nn.Module):
    # Bottleneck in torchvision places the stride for downsampling at 3x3 convolution(self.conv2)
    # while original implementation places the stride at the first 1x1 convolution(self.conv1)
    # according to "Deep residual learning for image recognition"https://arxiv.org/abs/1512.03385.
    # This variant is also known as ResNet V1.5 and improves accuracy according to
    # https://ngc.nvidia.com/catalog/model-scripts/nvidia:resnet_50_v1_5_for_pytorch.

    expansion: int = 4

    def __init__(
            self,
            inplanes: int,
            planes: int,
            stride: int = 1,
            downsample: Optional[nn.Module] = None,
            groups: int = 1,
            base_width: int = 64,
            dilation: int = 1,
            norm_layer: Optional[Callable[..., nn.Module]] = None,
    ) -> None:
        super().__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        width = int(planes * (base_width / 64.0)) * groups
        # Both self.conv2 and self.downsample layers downsample the input when stride != 1
        self.conv1 = conv1x1(inplanes, width)
        self.bn1 = norm_layer(width)
        self.conv2 = conv3x3(width, width, stride, groups, dilation)
        self.bn2 = norm_layer(width)
        self.conv3 = conv1x1(width, planes * self.expansion)
        self.bn3 = norm_layer(planes * self.expansion)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x: Tensor) -> Tensor:
        identity = x

        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)

        out = self.conv2(out)
        out = self.bn2(out)
        out = self.relu(out)

        out = self.conv3(out)
        out = self.bn3(out)

        if self.downsample is not None:
            identity = self.downsample(x)

        out += identity
        out = self.relu(out)

        return out


class ResNet(nn.Module):
    def __init__(self,
                 block: Type[Union[BasicBlock, Bottleneck]],
                 layers: List[int],
                 num_classes: int = 1000,
                 zero_init_residual: bool = False,
                 groups: int = 1,
                 width_per_group: int = 64,
                 replace_stride_with_dilation: Optional[List[bool]] = None,
                 norm_layer: Optional[Callable[..., nn.Module]] = None,
                 ):
        """

        :param block:  BasicBlock或Bottleneck
        :param layers:  block的数量的列表
        :param num_classes:  类别数
        :param zero_init_residual:
        :param groups:
        :param width_per_group:
        :param replace_stride_with_dilation:
        :param norm_layer:  归一化层
        """
        super(ResNet, self).__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        self._norm_layer = norm_layer

        self.inplanes = 64
        self.dilation = 1
        if replace_stride_with_dilation is None:
            # each element in the tuple indicates if we should replace
            # the 2x2 stride with a dilated convolution instead
            replace_stride_with_dilation = [False, False, False]
        if len(replace_stride_with_dilation) != 3:
            raise ValueError(
                "replace_stride_with_dilation should be None "
                f"or a 3-element tuple, got {replace_stride_with_dilation}"
            )
        self.groups = groups
        self.base_width = width_per_group
        self.conv1 = nn.Conv2d(3, self.inplanes, kernel_size=7, stride=2, padding=3, bias=False)
        self.bn1 = norm_layer(self.inplanes)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.layer1 = self._make_layer(block, 64, layers[0])
        self.layer2 = self._make_layer(block, 128, layers[1], stride=2, dilate=replace_stride_with_dilation[0])
        self.layer3 = self._make_layer(block, 256, layers[2], stride=2, dilate=replace_stride_with_dilation[1])
        self.layer4 = self._make_layer(block, 512, layers[3], stride=2, dilate=replace_stride_with_dilation[2])
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(512 * block.expansion, num_classes)

        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
            elif isinstance(m, (nn.BatchNorm2d, nn.GroupNorm)):
                nn.init.constant_(m.weight, 1)
                nn.init.constant_(m.bias, 0)

        # Zero-initialize the last BN in each residual branch,
        # so that the residual branch starts with zeros, and each residual block behaves like an identity.
        # This improves the model by 0.2~0.3% according to https://arxiv.org/abs/1706.02677
        if zero_init_residual:
            for m in self.modules():
                if isinstance(m, Bottleneck) and m.bn3.weight is not None:
                    nn.init.constant_(m.bn3.weight, 0)  # type: ignore[arg-type]
                elif isinstance(m, BasicBlock) and m.bn2.weight is not None:
                    nn.init.constant_(m.bn2.weight, 0)  # type: ignore[arg-type]

    def _make_layer(
            self,
            block: Type[Union[BasicBlock, Bottleneck]],
            planes: int,
            blocks: int,
            stride: int = 1,
            dilate: bool = False,
    ) -> nn.Sequential:
        norm_layer = self._norm_layer
        downsample = None
        previous_dilation = self.dilation
        if dilate:
            self.dilation *= stride
            stride = 1
        if stride != 1 or self.inplanes != planes * block.expansion:
            downsample = nn.Sequential(
                conv1x1(self.inplanes, planes * block.expansion, stride),
                norm_layer(planes * block.expansion),
            )

        layers = []
        layers.append(
            block(
                self.inplanes, planes, stride, downsample, self.groups, self.base_width, previous_dilation, norm_layer
            )

        )
        self.inplanes = planes * block.expansion
        for _ in range(1, blocks):
            layers.append(
                block(
                    self.inplanes,
                    planes,
                    groups=self.groups,
                    base_width=self.base_width,
                    dilation=self.dilation,
                    norm_layer=norm_layer,
                )
            )

        return nn.Sequential(*layers)

    def _forward_impl(self, x: Tensor) -> Tensor:
        x = self.conv1(x)
        x = self.bn1(x)
        x = self.relu(x)
        x = self.maxpool(x)

        x = self.layer1(x)
        x = self.layer2(x)
        x = self.layer3(x)
        x = self.layer4(x)

        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        x = self.fc(x)

        return x

    def forward(self, x: Tensor) -> Tensor:
        return self._forward_impl(x)


class ResNet18(ResNet):
    model_name = "ResNet18"

    def __init__(self, cfg):
        super(ResNet18, self).__init__(BasicBlock,
                                       [2, 2, 2, 2])
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))

        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.resnet_18_weights_url,
                                                  model_dir="web/resnet18_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * BasicBlock.expansion, num_classes)


class ResNet34(ResNet):
    model_name = "ResNet34"

    def __init__(self, cfg):
        super(ResNet34, self).__init__(BasicBlock,
                                       [3, 4, 6, 3])
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))
        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.resnet_34_weights_url,
                                                  model_dir="web/resnet34_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * BasicBlock.expansion, num_classes)


class ResNet50(ResNet):
    model_name = "ResNet50"

    def __init__(self, cfg):
        super(ResNet50, self).__init__(Bottleneck,
                                       [3, 4, 6, 3])
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))
        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.resnet_50_weights_url,
                                                  model_dir="web/resnet50_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * Bottleneck.expansion, num_classes)


class ResNet101(ResNet):
    model_name = "ResNet101"

    def __init__(self, cfg):
        super(ResNet101, self).__init__(Bottleneck,
                                        [3, 4, 23, 3])
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))
        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.resnet_101_weights_url,
                                                  model_dir="web/resnet101_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * Bottleneck.expansion, num_classes)


class ResNet152(ResNet):
    model_name = "ResNet152"

    def __init__(self, cfg):
        super(ResNet152, self).__init__(Bottleneck,
                                        [3, 8, 36, 3])
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))
        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.resnet_152_weights_url,
                                                  model_dir="web/resnet152_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * Bottleneck.expansion, num_classes)


class ResNeXt50_32x4d(ResNet):
    model_name = "ResNeXt50_32x4d"

    def __init__(self, cfg):
        super().__init__(Bottleneck,
                         [3, 4, 6, 3],
                         groups=32,
                         width_per_group=4)
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))
        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.resnext_50_32x4d_weights_url,
                                                  model_dir="web/resnext_50_32x4d_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * Bottleneck.expansion, num_classes)


class ResNeXt101_32x8d(ResNet):
    model_name = "ResNeXt101_32x8d"

    def __init__(self, cfg):
        super().__init__(Bottleneck,
                         [3, 4, 23, 3],
                         groups=32,
                         width_per_group=8)
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))
        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.resnext_101_32x8d_weights_url,
                                                  model_dir="web/resnext_101_32x8d_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * Bottleneck.expansion, num_classes)


class ResNeXt101_64x4d(ResNet):
    model_name = "ResNeXt101_64x4d"

    def __init__(self, cfg):
        super().__init__(Bottleneck,
                         [3, 4, 23, 3],
                         groups=64,
                         width_per_group=4)
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))
        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.resnext_101_64x4d_weights_url,
                                                  model_dir="web/resnext_101_64x4d_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * Bottleneck.expansion, num_classes)


class Wide_ResNet_50_2(ResNet):
    model_name = "Wide_ResNet_50_2"

    def __init__(self, cfg):
        super().__init__(Bottleneck,
                         [3, 4, 6, 3],
                         width_per_group=64*2)
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))
        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.wide_resnet_50_2_weights_url,
                                                  model_dir="web/wide_resnet_50_2_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * Bottleneck.expansion, num_classes)


class Wide_ResNet_101_2(ResNet):
    model_name = "Wide_ResNet_101_2"

    def __init__(self, cfg):
        super().__init__(Bottleneck,
                         [3, 4, 23, 3],
                         width_per_group=64*2)
        pretrained = cfg["Train"]["pretrained"]
        device = cfg["device"]
        num_classes = cfg["num_classes"]
        default_shape = (224, 224)
        input_shape = tuple(cfg["Train"]["input_size"][1:])
        if input_shape != default_shape:
            warnings.warn(
                "你正在使用的输入图片大小：{}与{}默认的输入图片大小：{}不符！".format(input_shape, self.model_name,
                                                                                   default_shape))
        if pretrained:
            # 加载预训练模型
            state_dict = load_state_dict_from_url(url=ResNet_Weights.wide_resnet_101_2_weights_url,
                                                  model_dir="web/wide_resnet_101_2_ImageNet1K.pth",
                                                  map_location=device)
            self.load_state_dict(state_dict)
            print("Successfully loaded the state dict!")
        # 修改最后一层的结构
        self.fc = nn.Linear(512 * Bottleneck.expansion, num_classes)