MODULE = 'emphases'

# Configuration name
CONFIG = 'no-periodicity'

# Whether to use periodicity features
PERIODICITY_FEATURE = False
