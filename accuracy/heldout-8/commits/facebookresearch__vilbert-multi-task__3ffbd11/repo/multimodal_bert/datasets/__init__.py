from .concept_cap_dataset import ConceptCapLoader
from .foil_dataset import FoilClassificationDataset
from .vqa_dataset import VQAClassificationDataset

__all__ = ["FoilClassificationDataset", "VQAClassificationDataset", "ConceptCapLoader"]
