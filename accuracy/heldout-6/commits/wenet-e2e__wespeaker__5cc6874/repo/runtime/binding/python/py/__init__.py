from .speaker import Speaker  # noqa
