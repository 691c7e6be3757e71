from . import link_builder
