from .wrapper import Runner
