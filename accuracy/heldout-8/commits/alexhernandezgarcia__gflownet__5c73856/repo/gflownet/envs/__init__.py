__all__ = ["base", "grid", "aptamers"]
