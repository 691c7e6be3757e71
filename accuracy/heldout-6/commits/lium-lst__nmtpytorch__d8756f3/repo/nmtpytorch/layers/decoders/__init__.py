from .simplegru import SimpleGRUDecoder
from .conditional import ConditionalDecoder
from .conditionalmm import ConditionalMMDecoder
from .multisourceconditional import MultiSourceConditionalDecoder
from .xu import XuDecoder
from .switchinggru import SwitchingGRUDecoder
from .vector import VectorDecoder
