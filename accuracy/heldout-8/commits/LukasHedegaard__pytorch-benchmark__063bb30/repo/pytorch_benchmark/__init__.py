from .benchmark import benchmark  # noqa: F401, E402
