from scvi.dataset.anndataset import AnnDatasetFromAnnData, DownloadableAnnDataset
from scvi.dataset.brain_large import BrainLargeDataset
from scvi.dataset.cite_seq import CiteSeqDataset, CbmcDataset
from scvi.dataset.cortex import CortexDataset
from scvi.dataset.csv import CsvDataset, BreastCancerDataset, MouseOBDataset
from scvi.dataset.dataset import (
    GeneExpressionDataset,
    DownloadableDataset,
    CellMeasurement,
)
from scvi.dataset.dataset10X import Dataset10X, BrainSmallDataset
from scvi.dataset.hemato import HematoDataset
from scvi.dataset.loom import (
    LoomDataset,
    RetinaDataset,
    PreFrontalCortexStarmapDataset,
    FrontalCortexDropseqDataset,
)
from scvi.dataset.pbmc import PbmcDataset, PurifiedPBMCDataset
from scvi.dataset.seqfish import SeqfishDataset
from scvi.dataset.seqfishplus import SeqFishPlusDataset
from scvi.dataset.smfish import SmfishDataset
from scvi.dataset.synthetic import (
    SyntheticDataset,
    SyntheticRandomDataset,
    SyntheticDatasetCorr,
    ZISyntheticDatasetCorr,
)


__all__ = [
    "AnnDatasetFromAnnData",
    "DownloadableAnnDataset",
    "BrainLargeDataset",
    "CiteSeqDataset",
    "CbmcDataset",
    "CellMeasurement",
    "CortexDataset",
    "CsvDataset",
    "BreastCancerDataset",
    "MouseOBDataset",
    "GeneExpressionDataset",
    "DownloadableDataset",
    "Dataset10X",
    "BrainSmallDataset",
    "HematoDataset",
    "LoomDataset",
    "RetinaDataset",
    "FrontalCortexDropseqDataset",
    "PreFrontalCortexStarmapDataset",
    "PbmcDataset",
    "PurifiedPBMCDataset",
    "SeqfishDataset",
    "SeqFishPlusDataset",
    "SmfishDataset",
    "SyntheticDataset",
    "SyntheticRandomDataset",
    "SyntheticDatasetCorr",
    "ZISyntheticDatasetCorr",
]
