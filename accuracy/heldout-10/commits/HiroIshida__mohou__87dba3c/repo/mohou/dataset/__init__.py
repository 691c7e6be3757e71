# flake8: noqa
from mohou.dataset.autoencoder_dataset import (
    AutoEncoderDataset,
    AutoEncoderDatasetConfig,
)
from mohou.dataset.sequence_dataset import (
    AutoRegressiveDataset,
    AutoRegressiveDatasetConfig,
    MarkovControlSystemDataset,
    SequenceDatasetConfig,
)
