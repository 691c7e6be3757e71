from pathlib import Path

MODULE = 'ppgs'

CACHE_DIR = Path(__file__).parent.parent / 'tmp' / 'cache'

NUM_WORKERS = 1