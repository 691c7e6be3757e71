from fab.utils.logging import WandbLogger, ListLogger
from fab.utils.numerical import MC_estimate_true_expectation, effective_sample_size, \
    importance_weighted_expectation
from fab.utils.plotting import plot_history, plot_contours, plot_marginal_pair