from . import data_loader, datasets, lightning, sampler
