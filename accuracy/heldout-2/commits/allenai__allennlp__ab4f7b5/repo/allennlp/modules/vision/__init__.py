from allennlp.modules.vision.grid_embedder import GridEmbedder, ResnetBackbone
from allennlp.modules.vision.image2image import (
    Image2ImageModule,
    NormalizeImage,
)
from allennlp.modules.vision.region_detector import (
    RegionDetector,
    FasterRcnnRegionDetector,
)
