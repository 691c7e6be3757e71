MODULE = 'emphases'

# Configuration name
CONFIG = 'no-loudness'

# Whether to use loudness features
LOUDNESS_FEATURE = False
