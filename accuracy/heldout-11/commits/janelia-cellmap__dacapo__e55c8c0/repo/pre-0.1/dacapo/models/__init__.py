from .model import Model  # noqa
from .module_wrapper import ModuleWrapper  # noqa
from .shallow_learner_chain import ShallowLearnerChain  # noqa
from .unet import UNet  # noqa
from .vggnet import VGGNet  # noqa
