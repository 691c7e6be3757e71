# Copyright (c) Microsoft Corporation.
# Licensed under the MIT license.

from .providers.cifar10_provider import Cifar10Provider
from .providers.cifar100_provider import Cifar100Provider
from .providers.fashion_mnist_provider import FashionMnistProvider
from .providers.imagenet_provider import ImagenetProvider
from .providers.mnist_provider import MnistProvider
from .providers.svhn_provider import SvhnProvider
from .providers.food101_provider import Food101Provider
from .providers.mit67_provider import Mit67Provider
from .providers.sport8_provider import Sport8Provider
from .providers.flower102_provider import Flower102Provider
