MODULE = 'emphases'

# Configuration name
CONFIG = 'max-loss'

# Location to perform resampling from frame resolution to word resolution.
# One of ['inference', 'intermediate', 'loss'].
DOWNSAMPLE_LOCATION = 'loss'
