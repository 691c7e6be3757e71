from . import resource_allocation
