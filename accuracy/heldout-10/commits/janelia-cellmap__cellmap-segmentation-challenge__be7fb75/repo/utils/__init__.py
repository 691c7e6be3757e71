from .dataloader import get_dataloader
from .visualize import save_result_figs, get_loss_plot
from .loss import CellMapLossWrapper
from .model_load import load_latest
