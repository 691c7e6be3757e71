from .factory import factory
