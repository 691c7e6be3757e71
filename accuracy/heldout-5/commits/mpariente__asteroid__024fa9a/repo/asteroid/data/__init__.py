from .wham_dataset import WhamDataset
from .dns_dataset import DNSDataset
