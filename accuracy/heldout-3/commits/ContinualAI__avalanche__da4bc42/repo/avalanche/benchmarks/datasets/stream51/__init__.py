from .stream51 import Stream51
