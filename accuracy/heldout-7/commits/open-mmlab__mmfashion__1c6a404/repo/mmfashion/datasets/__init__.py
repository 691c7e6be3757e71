from .Attr_Pred import AttrDataset
from .builder import build_dataset
from .Consumer_to_shop import ConsumerToShopDataset
from .dataset_wrappers import ConcatDataset
from .In_shop import InShopDataset
from .Landmark_Detect import LandmarkDetectDataset
from .Polyvore_outfit import PolyvoreOutfitDataset
from .loader import DistributedGroupSampler, GroupSampler, build_dataloader
from .utils import get_dataset, to_tensor

__all__ = [
    'InShopDataset', 'AttrDataset', 'ConsumerToShopDataset',
    'PolyvoreOutfitDataset',
    'LandmarkDetectDataset', 'to_tensor', 'get_dataset', 'GroupSampler',
    'DistributedGroupSampler', 'build_dataloader', 'build_dataset',
    'ConcatDataset'
]
