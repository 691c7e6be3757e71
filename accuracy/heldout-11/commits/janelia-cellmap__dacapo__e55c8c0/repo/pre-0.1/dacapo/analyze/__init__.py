from .plot import plot_runs  # noqa
