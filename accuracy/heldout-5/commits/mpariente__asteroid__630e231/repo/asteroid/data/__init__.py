from .wham_dataset import WhamDataset
from .whamr_dataset import WhamRDataset
from .dns_dataset import DNSDataset
from .librimix_dataset import LibriMix
from .wsj0_mix import Wsj0mixDataset
from .musdb18_dataset import MUSDB18Dataset
from .kinect_wsj import KinectWsjMixDataset

