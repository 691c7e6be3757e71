from .Base import Base
from .GATStack import GATStack
from .GINStack import GINStack
from .PNNStack import PNNStack
from .GINStack import GINStack
