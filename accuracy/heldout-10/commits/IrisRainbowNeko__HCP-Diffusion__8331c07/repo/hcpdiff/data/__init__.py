from .pair_dataset import TextImagePairDataset
from .bucket import BaseBucket, FixedBucket, RatioBucket
from .utils import collate_fn_ft