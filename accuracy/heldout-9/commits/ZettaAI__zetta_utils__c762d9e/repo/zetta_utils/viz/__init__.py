from . import rendering, widgets
