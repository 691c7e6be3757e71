from src.logger.cometml import CometMLWriter
from src.logger.logger import setup_logging
from src.logger.wandb import WandBWriter
