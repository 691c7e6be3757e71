from .voting_module import *
from .proposal_module import *
from .loss_helper import get_loss
from .votenet_results import VoteNetResults
