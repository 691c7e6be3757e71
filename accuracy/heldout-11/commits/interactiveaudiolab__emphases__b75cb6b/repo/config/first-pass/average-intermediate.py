MODULE = 'emphases'

# Configuration name
CONFIG = 'average-intermediate'

# Method to use for resampling from frame resolution to word resolution.
# One of ['average', 'center', 'max'].
DOWNSAMPLE_METHOD = 'average'
