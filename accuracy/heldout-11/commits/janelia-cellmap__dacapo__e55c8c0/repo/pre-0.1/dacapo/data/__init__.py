from .dataset import Dataset  # noqa
from .keys import ArrayKey, GraphKey, DataKey  # noqa
from .data_source import ArrayDataSource, GraphDataSource, DataSource  # noqa
from .zarr_source import ZarrSource  # noqa
from .bossdb import BossDBSource  # noqa
from .rasterize_source import RasterizeSource, RasterizationSetting  # noqa
from .csv_source import CSVSource  # noqa
from .nxgraph import NXGraphSource  # noqa