from .cifar import FewShotCIFAR100
from .features_dataset import FeaturesDataset
from .mini_imagenet import MiniImageNet
