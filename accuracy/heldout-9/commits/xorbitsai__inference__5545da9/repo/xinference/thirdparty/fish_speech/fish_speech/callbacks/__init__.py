from .grad_norm import GradNormMonitor

__all__ = ["GradNormMonitor"]
