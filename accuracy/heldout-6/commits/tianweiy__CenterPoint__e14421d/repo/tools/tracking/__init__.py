from .pub_tracker import PubTracker

__all__ = ["PubTracker"]