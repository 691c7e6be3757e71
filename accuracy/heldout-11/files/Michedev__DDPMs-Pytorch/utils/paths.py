from path import Path


ROOT = Path(__file__).parent.parent
CONFIG = ROOT / 'config'
SCHEDULER = CONFIG / 'scheduler'
MODEL = ROOT / 'model'