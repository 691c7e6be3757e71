__all__ = ['misc', 'gpu', 'nn', 'data', 'io', 'topology', 'scheduler']
