from .utils import get_dataloader, get_feature_dataloader, get_ood_dataloader
