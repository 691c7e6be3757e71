from byol_pytorch.byol_pytorch import BYOL
